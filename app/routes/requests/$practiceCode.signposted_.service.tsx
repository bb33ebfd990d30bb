import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { recordSignpostClick } from "~/domain/reports/signpost-events.server";
import { openDraftStep } from "~/web/requests/draft-step.server";

/**
 * The signposting page's service link (Pharmacy First, spec 2 §2.2) goes through here: the click
 * is counted for the report's Pharmacy First section (issue "reports", decision 0092), then the
 * patient goes on to the rule's service. The address comes from the rule in the database, never
 * from the query, so this is no open redirect. A draft that is not the viewer's is not found;
 * one without a signposting rule with a link goes back to its place in the journey.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, draft } = await openDraftStep(request, context, params.practiceCode, new URL(request.url).searchParams.get("entry"));
  const rule = draft.set.rules.find((r) => r.id === draft.entry.signpostRuleId);
  if (!rule?.serviceUrl) throw redirect(draft.paths.place(draft.journey.place(null)));
  await recordSignpostClick(context.db, { practiceId: practice.id, entryId: draft.entry.id, ruleId: rule.id, at: context.clock.now() });
  return redirect(rule.serviceUrl, { headers: { "Cache-Control": "no-store" } });
}
