import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { DisableMfaConfirmation } from "~/components/mfa/MfaSettingsViews";
import { fresh, loggedinNotGuest } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import { DISABLE_PATH, SETTINGS_PATH } from "~/domain/mfa/mfa-forms";
import { deleteMfa, getMfaState } from "~/domain/mfa/mfa.server";
import { MFA_MESSAGES } from "~/domain/mfa/messages";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: MFA_MESSAGES.disableTitle, hydrate: false } satisfies PageHandle;

/**
 * The disable confirmation (spec 2 §2.12): a page of its own, which the settings page (its
 * parent route) opens as a dialog when JS runs. Only enabled settings can be disabled;
 * pending ones use "Try another method". Turning protection off needs a recent sign-in
 * (fresh), so a hijacked session cannot quietly remove it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = await requireViewer(request, context, [loggedinNotGuest, fresh]);
  const state = await getMfaState(context, viewer.userId, viewer.email);
  if (state.state !== "enabled") throw redirect(SETTINGS_PATH);
  return json({});
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = await requireViewer(request, context, [loggedinNotGuest, fresh]);
  const state = await getMfaState(context, viewer.userId, viewer.email);
  if (state.state !== "enabled") return redirect(SETTINGS_PATH, { status: 303 });
  await deleteMfa(context, viewer.userId);
  return redirectWithFlash(request, context, SETTINGS_PATH, { kind: "success", text: MFA_MESSAGES.disabled });
}

export default function DisableMfa() {
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <DisableMfaConfirmation />
      </div>
    </div>
  );
}
