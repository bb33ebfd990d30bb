/** The guard of the inbox routes (app/domain/inbox/inbox-scope.server.ts says what a scope is). */
import type { AppContext } from "~/context.server";
import { federated_inbox, inbox as inboxGuard } from "~/domain/auth/guards";
import type { Viewer } from "~/domain/auth/viewer.server";
import { FEDERATED_CODE, isFederatedCode, staffPractices, type InboxScope } from "~/domain/inbox/inbox-scope.server";
import type { Practice } from "~/domain/practices/practices.server";
import { requireViewer } from "~/web/auth/guards.server";

/**
 * The guard of every inbox route, in loaders and actions: `inbox` at the practice in the URL,
 * or `federated_inbox` for `all`. Throws the guard's redirect (or 404 for an unknown code).
 */
export async function requireInboxScope(
  request: Request,
  context: AppContext,
  practiceCode: string | undefined,
): Promise<{ viewer: Viewer; scope: InboxScope; practice: Practice | null }> {
  if (isFederatedCode(practiceCode)) {
    const { viewer } = await requireViewer(request, context, [federated_inbox]);
    return { viewer, practice: null, scope: { code: FEDERATED_CODE, federated: true, practices: staffPractices(viewer) } };
  }
  const { viewer, practice } = await requireViewer(request, context, [inboxGuard], { practiceCode });
  const here = practice as Practice;
  return { viewer, practice: here, scope: { code: here.urlCode, federated: false, practices: [{ id: here.id, urlCode: here.urlCode, name: here.name }] } };
}

