import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useActionData, useLoaderData, useOutlet } from "@remix-run/react";
import {
  ChooseTypeView,
  EnabledView,
  PendingAuthenticatorView,
  PendingSmsView,
  type MfaSettingsReply,
  type MfaSettingsView,
} from "~/components/mfa/MfaSettingsViews";
import { loggedinNotGuest } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { isSecureRequest } from "~/web/cookies";
import { setFlashCookie } from "~/web/flash.server";
import { ChooseMfaTypeSchema, MfaCodeSchema, SETTINGS_PATH, settingsIntent } from "~/domain/mfa/mfa-forms";
import { chooseMfaType, deleteMfa, enableMfa, getMfaState, resendError, resendSmsCode } from "~/domain/mfa/mfa.server";
import { groupSecret, MFA_MESSAGES, resendNotice } from "~/domain/mfa/messages";
import { qrCodeSvg } from "~/domain/mfa/qr-code.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Multi-Factor Authentication", hydrate: false } satisfies PageHandle;

// The pending view carries the TOTP secret: never keep it in a cache.
export const headers = () => ({ "Cache-Control": "private, no-store" });

/** The MFA settings page (spec 2 §2.12, §4): signed-in users who are not guests. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = await requireViewer(request, context, [loggedinNotGuest]);
  const state = await getMfaState(context, viewer.userId, viewer.email);
  let view: MfaSettingsView;
  if (state.state === "none") view = { state: "none" };
  else if (state.state === "enabled") view = { state: "enabled", mfaType: state.mfaType, mobile: state.smsMobileNumber };
  else if (state.mfaType === "sms") view = { state: "pending", mfaType: "sms", mobile: state.smsMobileNumber };
  else {
    const qrSvg = await qrCodeSvg(state.otpauth, "QR code to scan with your authenticator app");
    view = { state: "pending", mfaType: "authenticator", qrSvg, secret: groupSecret(state.secret) };
  }
  return json({ view });
}

const backToSettings = (headers?: HeadersInit) => redirect(SETTINGS_PATH, { status: 303, headers });

/**
 * One action for the page's buttons, told apart by `intent`. Each checks the state it
 * applies to, so a stale page (two tabs, the back button) cannot skip a step: choosing
 * only from no settings, enabling and "try another method" only while pending.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = await requireViewer(request, context, [loggedinNotGuest]);
  const formData = await request.formData();
  const state = await getMfaState(context, viewer.userId, viewer.email);
  const flash = (kind: "success" | "info", text: string) => ({
    "Set-Cookie": setFlashCookie(context.config.sessionSecret, { kind, text }, isSecureRequest(request)),
  });

  switch (settingsIntent(formData.get("intent"))) {
    case "choose": {
      if (state.state !== "none") return backToSettings();
      const submission = parseWithZod(formData, { schema: ChooseMfaTypeSchema });
      if (submission.status !== "success") return json<MfaSettingsReply>({ lastResult: submission.reply() }, { status: 400 });
      const choice = submission.value;
      await chooseMfaType(context, viewer.userId, choice.mfaType === "sms" ? choice : { mfaType: "authenticator" });
      return backToSettings();
    }
    case "enable": {
      if (state.state !== "pending") return backToSettings();
      const submission = parseWithZod(formData, { schema: MfaCodeSchema });
      if (submission.status !== "success") return json<MfaSettingsReply>({ lastResult: submission.reply() }, { status: 400 });
      if (!(await enableMfa(context, viewer.userId, submission.value.code))) {
        return json<MfaSettingsReply>(
          { lastResult: submission.reply({ fieldErrors: { code: [MFA_MESSAGES.codeWrong] }, hideFields: ["code"] }) },
          { status: 400 },
        );
      }
      return backToSettings(flash("success", MFA_MESSAGES.enabled));
    }
    case "resend": {
      const result = state.state === "pending" && state.mfaType === "sms" ? await resendSmsCode(context, viewer.userId) : "unavailable";
      const notice = resendNotice(resendError(result));
      if (!notice.ok) return json<MfaSettingsReply>({ errors: [notice.text] }, { status: result === "too_soon" ? 429 : 400 });
      return backToSettings(flash("success", notice.text));
    }
    case "another": {
      if (state.state === "pending") await deleteMfa(context, viewer.userId);
      return backToSettings();
    }
    default:
      return backToSettings();
  }
}

/**
 * The settings, or, at /mfa/settings/disable (the child route), the disable confirmation as a
 * page of its own. With JS that confirmation opens as a dialog over this page instead
 * (EnabledView's DialogLink, decision 0160): the page is not hydrated.
 */
export default function MfaSettings() {
  const { view } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as MfaSettingsReply | undefined;
  if (useOutlet()) return <Outlet />;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        {view.state === "none" ? <ChooseTypeView reply={reply} /> : null}
        {view.state === "pending" && view.mfaType === "authenticator" ? <PendingAuthenticatorView view={view} reply={reply} /> : null}
        {view.state === "pending" && view.mfaType === "sms" ? <PendingSmsView view={view} reply={reply} /> : null}
        {view.state === "enabled" ? <EnabledView view={view} /> : null}
      </div>
    </div>
  );
}
