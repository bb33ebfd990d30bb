/**
 * What the browser's idle timer needs (spec 1 §4): the idle timeout, the seconds this
 * session has left as of this response, and whether the user is staff. The server enforces
 * the deadline regardless; the page only warns 60 s before (app/client/idle-timer.ts).
 */
import type { Viewer } from "~/domain/auth/viewer.server";
import { idlePolicy } from "~/domain/auth/viewer.server";
import { idleSecondsFor } from "./sessions.server";

export type IdleTimer = { idleSeconds: number; remainingSeconds: number | null; staff: boolean };

/**
 * `remainingSeconds` comes from the stored deadline, which the server moves at most every
 * 15 s: counting a fresh idleSeconds from page load could outlast the server by that much.
 */
export function idleTimerFor(viewer: Viewer, now: Date): IdleTimer | null {
  const policy = idlePolicy(viewer.memberships, viewer.session.practiceId);
  const idleSeconds = idleSecondsFor(policy);
  if (idleSeconds === null) return null;
  return { idleSeconds, remainingSeconds: remainingSecondsOf(viewer.session, now), staff: policy.kind === "staff" };
}

export function remainingSecondsOf(session: Pick<Viewer["session"], "idleExpiresAt">, now: Date): number | null {
  if (!session.idleExpiresAt) return null;
  return Math.max(0, Math.floor((session.idleExpiresAt.getTime() - now.getTime()) / 1000));
}
