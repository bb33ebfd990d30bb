/**
 * "Continue with NHS login" (NHS login's own button wording), a plain link to /nhs-login/auth
 * so it works without JavaScript. Shown when NHS login is configured (or its mock outside production).
 */
export function nhsLoginHref(config: { mode: string }, redirect: string | null): string | null {
  if (config.mode === "off") return null;
  return redirect ? `/nhs-login/auth?${new URLSearchParams({ redirect })}` : "/nhs-login/auth";
}

export function NhsLoginButton({ href }: { href: string }) {
  return (
    <div className="app-nhs-login">
      <h2 className="nhsuk-heading-m">Or use NHS login</h2>
      <p>NHS login lets you use the same account for many NHS websites and apps, including the NHS App.</p>
      <a className="nhsuk-button nhsuk-button--secondary" href={href} draggable="false">
        Continue with NHS login
      </a>
    </div>
  );
}
