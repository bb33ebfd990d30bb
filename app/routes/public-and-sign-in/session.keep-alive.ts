/**
 * GET /session/keep-alive: the idle timer's "Stay signed in", and its heartbeat while the
 * user is busy on one page. Running the loggedin guard resolves the session, which moves
 * its idle deadline on. A GET: it changes nothing but that deadline, which any page view
 * moves too, so it needs no CSRF token.
 *
 * 200 {remainingSeconds}: signed in, with the seconds the session now has left (null: no
 * idle timeout). 401 {expired}: not signed in (expired: the session ran out just now).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { loggedin } from "~/domain/auth/guards";
import { requireGuards } from "~/web/auth/guards.server";
import { getViewerState } from "~/web/auth/viewer.server";
import { remainingSecondsOf } from "~/domain/sessions/idle-timer.server";

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  let viewer;
  try {
    ({ viewer } = await requireGuards(request, context, [loggedin]));
  } catch (thrown) {
    // The guard answers a page with a redirect to sign-in; a script wants a status.
    if (!(thrown instanceof Response) || thrown.status < 300 || thrown.status >= 400) throw thrown;
    const headers = new Headers(NO_STORE);
    for (const cookie of thrown.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    const { expired } = await getViewerState(request, context);
    return json({ signedIn: false as const, expired }, { status: 401, headers });
  }
  if (!viewer) return json({ signedIn: false as const, expired: false }, { status: 401, headers: NO_STORE });
  return json(
    { signedIn: true as const, remainingSeconds: remainingSecondsOf(viewer.session, context.clock.now()) },
    { headers: NO_STORE },
  );
}
