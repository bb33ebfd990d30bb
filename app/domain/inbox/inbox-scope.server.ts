/**
 * Where an inbox page works: the practice named in the URL, or, for the practice code `all`,
 * every practice where the viewer is a GP or receptionist (the federated inbox, spec 3 §2;
 * docs/decisions/0062-federated-inbox.md). The inbox loaders and actions take a scope, so one
 * route module serves both.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { patientEntries } from "~/db/schema";
import { federatedPracticeIds } from "~/domain/auth/guards";
import type { Viewer } from "~/domain/auth/viewer.server";
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
