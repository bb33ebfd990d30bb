import { json, type ActionFunctionArgs } from "@remix-run/node";
import { applyReceipt, callbackTokenMatches, NotifyReceiptSchema } from "~/domain/bulk/receipts.server";
import { bearerKey } from "~/domain/agent/agent-key.server";

/**
 * POST /notify/delivery-receipts: GOV.UK Notify's delivery-receipt callback (decision 0129). A machine
 * call: no session, no CSRF token (the route layer exempts this route id only); the credential is
 * `Authorization: Bearer <NOTIFY_CALLBACK_TOKEN>`, compared in constant time. Wrong or no token: 401.
 * Not JSON, or not a receipt: 400. A receipt for something we did not send in bulk: 200, nothing
 * changed (Notify retries any other answer). The body's `to` (an address) is never logged or kept.
 */
const noStore = { "Cache-Control": "no-store" };

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: "method_not_allowed" }, { status: 405, headers: { ...noStore, Allow: "POST" } });
  if (!callbackTokenMatches(bearerKey(request.headers.get("Authorization")), context.config.notifyCallbackToken)) {
    return json({ error: "unauthorised" }, { status: 401, headers: { ...noStore, "WWW-Authenticate": "Bearer" } });
  }
  if (!/^application\/json\b/i.test(request.headers.get("Content-Type") ?? "")) return json({ error: "bad_request" }, { status: 400, headers: noStore });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json({ error: "bad_request" }, { status: 400, headers: noStore });
  }
  const receipt = NotifyReceiptSchema.safeParse(body);
  if (!receipt.success) return json({ error: "bad_request" }, { status: 400, headers: noStore });
  const outcome = await applyReceipt(context.db, receipt.data, context.clock.now());
  return json({ status: outcome }, { headers: noStore });
}
