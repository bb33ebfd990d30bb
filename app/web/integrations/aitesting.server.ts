/**
 * The AI-testing pages' shared guard: the reviewer (a GP or receptionist of the aitesting
 * practice) and their practice, or (on the completed list) a system admin.
 */
import { aitesting_results, aitesting_reviewer, aitestingMembership } from "~/domain/integrations/aitesting-guard";
import { findPracticeByCode } from "~/domain/practices/practices.server";
import { AITESTING } from "~/domain/auth/guards";
import type { AppContext } from "~/context.server";
import { requireViewer } from "~/web/auth/guards.server";
import { notFound } from "~/web/responses.server";

export async function requireReviewer(request: Request, context: AppContext) {
  const { viewer } = await requireViewer(request, context, [aitesting_reviewer]);
  const membership = aitestingMembership(viewer)!;
  return { viewer, reviewer: { practiceId: membership.practiceId, reviewerId: viewer.userId } };
}

/** The completed list: a reviewer sees their own; a system admin everyone's. */
export async function requireResultsViewer(request: Request, context: AppContext) {
  const { viewer } = await requireViewer(request, context, [aitesting_results]);
  const membership = aitestingMembership(viewer);
  if (membership) return { viewer, scope: { practiceId: membership.practiceId, reviewerId: viewer.userId as number | null } };
  const practice = await findPracticeByCode(context.db, AITESTING);
  if (!practice) throw notFound();
  return { viewer, scope: { practiceId: practice.id, reviewerId: null } };
}
