import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isSecureRequest, serializeCookie } from "~/web/cookies";
import { safeRedirectPath } from "~/web/redirects";
import { BANNER_COOKIE, BANNER_DISMISSAL_SECONDS } from "~/domain/shell/maintenance-banner.server";

/** There is nothing to show here: the banner's dismiss form posts to this action. */
export function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const fingerprint = String(form.get("fingerprint") ?? "");
  const returnTo = safeRedirectPath(form.get("returnTo"));
  const headers = new Headers();
  if (/^[A-Za-z0-9_-]{1,64}$/.test(fingerprint)) {
    headers.append(
      "Set-Cookie",
      serializeCookie(BANNER_COOKIE, fingerprint, { maxAgeSeconds: BANNER_DISMISSAL_SECONDS, secure: isSecureRequest(request) }),
    );
  }
  return redirect(returnTo, { status: 303, headers });
}
