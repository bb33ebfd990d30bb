/**
 * What the idle-timer script (idle-timer.ts) is told, and how: `data-*` attributes on its own
 * <script> element, written by the root (components/IdleTimerScript.tsx) and read back here.
 * Shared by both sides so the names cannot drift apart.
 */

export type IdleTimerSettings = {
  idleSeconds: number;
  /** Seconds the session had left when the page was made; null when the server set no deadline. */
  remainingSeconds: number | null;
  csrfToken: string;
  /** The logged-out notice (copy.idleLogout), made on the server so the script ships no copy. */
  loggedOutText: string;
};

/** What a hydrated page's root calls on fresh loader data, or when the viewer signs out. */
export type IdleTimerHandle = {
  serverSaid(next: { remainingSeconds: number | null; csrfToken: string }): void;
  stop(): void;
};

/** The running timer's handle on `window` (one per page: a second copy of the script does nothing). */
export const IDLE_TIMER_GLOBAL = "frontdoorIdleTimer";

/** The attributes, as React spells them on the element. */
export function idleTimerAttributes(settings: IdleTimerSettings): Record<`data-${string}`, string> {
  return {
    "data-idle-seconds": String(settings.idleSeconds),
    "data-remaining-seconds": settings.remainingSeconds === null ? "" : String(settings.remainingSeconds),
    "data-csrf-token": settings.csrfToken,
    "data-logged-out-text": settings.loggedOutText,
  };
}

/** The settings from an element's `dataset`; null when they are missing or malformed. */
export function parseIdleTimerSettings(dataset: Record<string, string | undefined>): IdleTimerSettings | null {
  const idleSeconds = Number(dataset.idleSeconds);
  const remaining = dataset.remainingSeconds;
  const remainingSeconds = remaining === undefined || remaining === "" ? null : Number(remaining);
  if (!Number.isFinite(idleSeconds) || idleSeconds <= 0 || !dataset.idleSeconds) return null;
  if (remainingSeconds !== null && !Number.isFinite(remainingSeconds)) return null;
  if (!dataset.csrfToken || dataset.loggedOutText === undefined) return null;
  return { idleSeconds, remainingSeconds, csrfToken: dataset.csrfToken, loggedOutText: dataset.loggedOutText };
}
