import { federatedPracticeIds } from "~/domain/auth/guards";
import type { Viewer } from "~/domain/auth/viewer.server";

/** The practice code of the federated inbox (spec 1 §9; docs/decisions/0062-federated-inbox.md). */
export const FEDERATED_CODE = "all";

/**
 * The practice whose flags the viewer's menus follow: where they act as staff, else their own.
 * Under `/all/…` (the federated inbox) the session's practice if they are staff there, else
 * their first staff practice.
 */
export function actingPracticeId(viewer: Pick<Viewer, "memberships" | "session" | "patient">, urlCode: string | null = null): number | null {
  const code = urlCode?.toLowerCase();
  if (code === FEDERATED_CODE) {
    const ids = federatedPracticeIds(viewer);
    if (ids.length > 0) return ids.find((id) => id === viewer.session.practiceId) ?? ids[0];
  }
  const staffAt =
    (code ? viewer.memberships.find((m) => m.urlCode.toLowerCase() === code) : undefined) ??
    viewer.memberships.find((m) => m.practiceId === viewer.session.practiceId) ??
    viewer.memberships[0];
  return staffAt?.practiceId ?? viewer.patient?.practiceId ?? null;
}
