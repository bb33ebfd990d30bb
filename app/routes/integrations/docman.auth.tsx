import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { openDocmanToken } from "~/domain/integrations/docman.server";
import { docmanStepCookie, refuseSignedIn } from "~/web/integrations/docman.server";

/**
 * /docman/auth?token=… (not signed in; the session is not refreshed here: spec 1 §5): the
 * document-filing service's token opens the setup for its practice, or the practice choice.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await refuseSignedIn(request, context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const state = await openDocmanToken(context.db, token, context.clock.now());
  if (state.status !== "ok") return redirect("/docman/token-expired");
  const headers = { "Set-Cookie": docmanStepCookie(request, context, "auth") };
  if (state.practices.length > 1) return redirect(`/docman/setup/practice?${new URLSearchParams({ multiple_practices: "true", token })}`, { headers });
  return redirect(`/docman/setup?${new URLSearchParams({ practice_id: String(state.practices[0].id), token })}`, { headers });
}
