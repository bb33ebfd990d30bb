/**
 * What the browser's idle timer needs (spec 1 §4): seconds until the server will log the
 * user out, and whether staff state is shared across tabs. The server enforces the
 * deadline regardless; this only lets the page warn 60 s before.
 */
import type { Viewer } from "~/domain/auth/viewer.server";
import { idlePolicy } from "~/domain/auth/viewer.server";
import { idleSecondsFor } from "./sessions.server";

export type IdleTimer = { idleSeconds: number; staff: boolean };

export function idleTimerFor(viewer: Viewer): IdleTimer | null {
  const policy = idlePolicy(viewer.memberships, viewer.session.practiceId);
  const idleSeconds = idleSecondsFor(policy);
  return idleSeconds === null ? null : { idleSeconds, staff: policy.kind === "staff" };
}
