import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { signedOutHeaders } from "~/web/auth/auth-cookies.server";
import { getViewer } from "~/web/auth/viewer.server";
import { audit } from "~/domain/audit/audit.server";
import { deleteSession } from "~/domain/sessions/sessions.server";
import { getShellSettings } from "~/domain/shell/settings.server";
import { endSessionUrl } from "~/domain/nhs-login/oidc-client.server";
import { requestOrigin } from "~/web/origin";

/** Logging out is a POST (a link could be triggered by another site); GET just goes home. */
export function loader() {
  return redirect("/");
}

/**
 * Deletes the session row (End Session for guests too), clears the cookie, mints a new
 * CSRF secret, and returns to the home page, or the health hub when there is one.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await getViewer(request, context);
  // Signed in with NHS login: its session ends too (decision 0080), then back to our home page.
  const nhsLogin = context.config.nhsLogin;
  const endNhsLogin =
    viewer?.session.nhsLoginIdToken && nhsLogin.mode !== "off" ? await endSessionUrl(nhsLogin, viewer.session.nhsLoginIdToken, `${requestOrigin(request)}/`) : null;
  if (viewer) {
    await deleteSession(context.db, viewer.sessionId);
    await audit(context.db, { actorUserId: viewer.userId, action: "sign_out", at: context.clock.now() });
  }
  const { healthHubUrl } = await getShellSettings(context.db);
  return redirect(endNhsLogin ?? healthHubUrl ?? "/", { status: 303, headers: signedOutHeaders(request, context) });
}
