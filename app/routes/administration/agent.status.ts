import { json, type ActionFunctionArgs } from "@remix-run/node";
import { AgentReportSchema, reportFromForm } from "~/domain/agent/agent";
import { bearerKey } from "~/domain/agent/agent-key.server";
import { recordAgentReport } from "~/domain/agent/agent.server";

/**
 * POST /agent/status: the TPP desktop agent reports its two connections (spec 3 §3 Agent
 * status), authenticated by its key in `Authorization: Bearer <key>`. A machine call: no session,
 * no CSRF token (the route layer exempts this route id only, docs/decisions/0077). The body is
 * JSON `{ "websocket_connected": true, "systmone_connected": false }` (a form with the same
 * names is read too). A missing or wrong key is 401 and changes nothing.
 */
const noStore = { "Cache-Control": "no-store" };

export async function action({ request, context }: ActionFunctionArgs) {
  const key = bearerKey(request.headers.get("Authorization"));
  if (!key) return json({ error: "unauthorised" }, { status: 401, headers: { ...noStore, "WWW-Authenticate": "Bearer" } });
  let body: unknown;
  const type = request.headers.get("Content-Type") ?? "";
  try {
    if (/^application\/json/i.test(type)) body = await request.json();
    else if (/^application\/x-www-form-urlencoded/i.test(type)) body = reportFromForm(Object.fromEntries(await request.formData()));
    else return json({ error: "unsupported_media_type" }, { status: 415, headers: noStore });
  } catch {
    return json({ error: "bad_request" }, { status: 400, headers: noStore });
  }
  const report = AgentReportSchema.safeParse(body);
  if (!report.success) return json({ error: "bad_request" }, { status: 400, headers: noStore });
  const result = await recordAgentReport(context.db, context.clock, key, report.data);
  if (result.status === "unauthorised") {
    return json({ error: "unauthorised" }, { status: 401, headers: { ...noStore, "WWW-Authenticate": 'Bearer error="invalid_token"' } });
  }
  return json({ status: "recorded" }, { headers: noStore });
}

