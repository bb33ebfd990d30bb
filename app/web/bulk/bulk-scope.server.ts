/**
 * The bulk messages area's guard: the practice's gp, receptionist or practice admin, and only
 * where the practice has bulk messaging on and its terms agreed (otherwise 404).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { gp_or_reception_or_practice_admin } from "~/domain/auth/guards";
import { requireBulkPractice } from "~/domain/bulk/bulk-messages.server";
import { requireViewer } from "~/web/auth/guards.server";

export async function requireBulkScope(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const { viewer, practice } = await requireViewer(args.request, args.context, [gp_or_reception_or_practice_admin], {
    practiceCode: args.params.practiceCode,
  });
  const bulk = await requireBulkPractice(args.context.db, practice!.id);
  return { viewer, practice: bulk, base: `/${bulk.urlCode}` };
}
