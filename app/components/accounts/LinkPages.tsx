import type { ReactNode } from "react";

/** Pages shared by the links sent in e-mails: a used or expired link, and the confirmation. */

export function LinkExpired({ signInHref, children }: { signInHref: string; children?: ReactNode }) {
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>This link has expired or has already been used</h1>
        {children ?? (
          <>
            <p>Links in our emails work once, for a limited time.</p>
            <p>If you have already confirmed your email address, you can sign in now.</p>
            <p>If you have not, sign in with the email address and password you registered with and we will email you a new link.</p>
          </>
        )}
        <p>
          <a href={signInHref}>Sign in</a>
        </p>
      </div>
    </div>
  );
}

export function Registered({ productName, practiceName, signInHref }: { productName: string; practiceName: string | null; signInHref: string }) {
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <div className="nhsuk-panel">
          <h1 className="nhsuk-panel__heading">Your email address is confirmed</h1>
          <div className="nhsuk-panel__body">Your {productName} account is ready</div>
        </div>
        <p>You can now sign in{practiceName ? ` to contact ${practiceName}` : ""}.</p>
        <p>
          <a href={signInHref}>Sign in</a>
        </p>
      </div>
    </div>
  );
}
