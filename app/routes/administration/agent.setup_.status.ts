import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { agentStatusView, requireAgentPage } from "~/web/agent/agent-page.server";
import { agentConfig } from "~/domain/agent/agent.server";
import { notFound } from "~/web/responses.server";

/**
 * GET /agent/setup/status?practice={code}: the agent's status as JSON, for the setup page's poll
 * every 5 minutes (spec 3 §9). Same guard and practice choice as the page; the page ignores a
 * failure (spec 3 §8), so this answers what it knows or an error status, never a page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await requireAgentPage(request, context);
  if (!page.chosen || !page.chosen.isTpp) throw notFound();
  const config = await agentConfig(context.db, page.chosen.id);
  if (!config) throw notFound();
  return json(await agentStatusView(context, page.chosen.id), { headers: { "Cache-Control": "no-store" } });
}
