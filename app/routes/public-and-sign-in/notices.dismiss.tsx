import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { addDismissed, DISMISSED_NOTICES_COOKIE } from "~/domain/admin/notices";
import { dismissNotice, noticeExists } from "~/domain/admin/notices.server";
import { getViewer } from "~/web/auth/viewer.server";
import { isSecureRequest, readCookie, serializeCookie } from "~/web/cookies";
import { safeRedirectPath } from "~/web/redirects";
import { parseId } from "~/validation/ids";

/**
 * /notices/dismiss: the global notice banner's form posts here, with or without JS. A signed-in
 * reader's dismissal is a row (it follows them to other devices); an anonymous reader's is a
 * cookie of dismissed ids. Either way, back to the page they were on (same-site paths only).
 */
const DISMISSAL_COOKIE_SECONDS = 365 * 24 * 60 * 60;

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const returnTo = safeRedirectPath(form.get("returnTo"));
  const id = parseId(form.get("noticeId"));
  const headers = new Headers();
  if (id !== null) {
    const viewer = await getViewer(request, context);
    if (viewer) {
      await dismissNotice(context.db, context.clock, viewer.userId, id);
    } else if (await noticeExists(context.db, id)) {
      headers.append(
        "Set-Cookie",
        serializeCookie(DISMISSED_NOTICES_COOKIE, addDismissed(readCookie(request, DISMISSED_NOTICES_COOKIE), id), {
          maxAgeSeconds: DISMISSAL_COOKIE_SECONDS,
          secure: isSecureRequest(request),
        }),
      );
    }
  }
  return redirect(returnTo, { status: 303, headers });
}
