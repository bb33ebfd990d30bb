import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { copy } from "~/copy";
import { loadAccountSettings, MFA_SETTINGS_PATH } from "~/domain/accounts/account-settings.server";
import { fresh, loggedinNotGuest } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { nhsLoginSettingsUrl } from "~/web/nhs-login/nhs-login.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Account settings", hydrate: false } satisfies PageHandle;

/**
 * Spec 1 §2.2: users signed in through NHS login are sent to NHS login's account-management
 * link instead (before the fresh guard: they have no password here to confirm).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer: signedIn } = await requireViewer(request, context, [loggedinNotGuest]);
  const nhsLogin = nhsLoginSettingsUrl(context, signedIn);
  if (nhsLogin) throw redirect(nhsLogin);
  const { viewer } = await requireViewer(request, context, [loggedinNotGuest, fresh]);
  return json(await loadAccountSettings(context, viewer));
}

function Row({ label, value, change }: { label: string; value: string; change?: { href: string; what: string } }) {
  return (
    <div className={`nhsuk-summary-list__row${change ? "" : " nhsuk-summary-list__row--no-actions"}`}>
      <dt className="nhsuk-summary-list__key">{label}</dt>
      <dd className="nhsuk-summary-list__value">{value}</dd>
      {change ? (
        <dd className="nhsuk-summary-list__actions">
          <a href={change.href}>
            Change<span className="nhsuk-u-visually-hidden"> {change.what}</span>
          </a>
        </dd>
      ) : null}
    </div>
  );
}

export default function AccountSettings() {
  const settings = useLoaderData<typeof loader>();
  const details = { href: "/account-settings/details", what: "your details" };
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>Account settings</h1>
        <h2>Your account</h2>
        <dl className="nhsuk-summary-list">
          <Row label="First name" value={settings.firstName} change={{ ...details, what: "first name" }} />
          <Row label="Last name" value={settings.lastName} change={{ ...details, what: "last name" }} />
          <Row label="Email address" value={settings.email} />
          <Row label="Mobile number" value={settings.mobile ?? copy.noInformation} change={{ ...details, what: "mobile number" }} />
          <Row label="Password" value="Hidden for your security" change={{ href: "/account-settings/change-password", what: "password" }} />
        </dl>
        {settings.showMfa ? (
          <>
            <h2>Multi-Factor Authentication</h2>
            <p>Add a second step to signing in, with a code from an authenticator app or a text message.</p>
            <p>
              <a href={MFA_SETTINGS_PATH}>Manage Multi-Factor Authentication</a>
            </p>
          </>
        ) : null}
      </div>
    </div>
  );
}
