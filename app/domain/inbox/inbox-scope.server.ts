/**
 * Where an inbox page works: the practice named in the URL, or, for the practice code `all`,
 * every practice where the viewer is a GP or receptionist (the federated inbox, spec 3 §2;
 * docs/decisions/0062-federated-inbox.md). The inbox loaders and actions take a scope, so one
 * route module serves both.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { patientEntries } from "~/db/schema";
import { federated_inbox, federatedPracticeIds, inbox as inboxGuard } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import type { Viewer } from "~/domain/auth/viewer.server";
import type { Practice } from "~/domain/practices/practices.server";
import { isId } from "~/validation/ids";

/** The special practice code of the federated inbox (spec 1 §9). */
export const FEDERATED_CODE = "all";

export const isFederatedCode = (code: string | undefined | null) => code?.toLowerCase() === FEDERATED_CODE;

export type ScopePractice = { id: number; urlCode: string; name: string };

export type InboxScope = {
  /** The first path segment of the inbox URLs: the practice code, or `all`. */
  code: string;
  federated: boolean;
  /** One practice, or the viewer's staff practices by name (never empty). */
  practices: ScopePractice[];
};

/** The viewer's staff practices (the federated inbox's), by name as memberships come. */
export function staffPractices(viewer: Pick<Viewer, "memberships">): ScopePractice[] {
  return federatedPracticeIds(viewer).map((id) => {
    const m = viewer.memberships.find((x) => x.practiceId === id)!;
    return { id, urlCode: m.urlCode, name: m.practiceName };
  });
}

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

/**
 * The practice of a request the scope may show. Outside the scope a request does not exist
 * (null, so the caller answers 404, never 403: its existence is not leaked).
 */
export async function practiceOfEntry(db: Db, scope: InboxScope, entryId: number): Promise<ScopePractice | null> {
  if (!isId(entryId)) return null;
  // Checked for one practice too: an id of another practice's request is not found here, so no
  // handling form can act on it (or say it did) from this practice's inbox.
  const [row] = await db
    .select({ practiceId: patientEntries.practiceId })
    .from(patientEntries)
    .where(and(eq(patientEntries.id, entryId), inArray(patientEntries.practiceId, scope.practices.map((p) => p.id))))
    .limit(1);
  return row ? (scope.practices.find((p) => p.id === row.practiceId) ?? null) : null;
}
