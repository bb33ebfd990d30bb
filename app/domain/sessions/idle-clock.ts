/**
 * The browser's idle clock (spec 1 §4 Inactivity logout), as pure arithmetic over times in
 * milliseconds so it is tested without timers. The server enforces the real deadline
 * (sessions.server.ts); this only decides when the page warns, when it logs out a little
 * before a request would be refused anyway, and when it tells the server the user is still
 * there. app/client/idle-timer.ts (a plain script, decision 0145) wires it to events, timers and
 * localStorage.
 */

/** The reminder appears this long before logout (spec 1 §9). */
export const REMINDER_SECONDS = 60;
/** Activity is checked at least this often (spec 1 §9); state changes are scheduled exactly. */
export const CHECK_INTERVAL_MS = 10_000;
/**
 * The server moves its deadline at most every 15 s (REFRESH_WRITE_INTERVAL_SECONDS), so a
 * keep-alive sooner than that after the last one would not move it.
 */
export const MIN_KEEP_ALIVE_GAP_MS = 15_000;
export const MAX_KEEP_ALIVE_GAP_MS = 60_000;

export type IdleState = "active" | "remind" | "expired";

export type IdleClockInput = {
  /** The last user activity seen (in any tab sharing the session). */
  lastActivity: number;
  now: number;
  idleSeconds: number;
  /** When the server will end the session as far as this page knows; null when unknown. */
  serverDeadline?: number | null;
};

export type IdleClockReading = {
  state: IdleState;
  /** When logout is due: idleSeconds after the last activity, or the server's deadline if sooner. */
  deadline: number;
  /** Milliseconds until the state changes by itself (Infinity once expired). */
  msUntilChange: number;
};

export function readIdleClock({ lastActivity, now, idleSeconds, serverDeadline = null }: IdleClockInput): IdleClockReading {
  const activityDeadline = lastActivity + idleSeconds * 1000;
  const deadline = serverDeadline === null ? activityDeadline : Math.min(activityDeadline, serverDeadline);
  const remindAt = deadline - REMINDER_SECONDS * 1000;
  if (now < remindAt) return { state: "active", deadline, msUntilChange: remindAt - now };
  if (now < deadline) return { state: "remind", deadline, msUntilChange: deadline - now };
  return { state: "expired", deadline, msUntilChange: Infinity };
}

/** How long to wait before looking again: the next change, but never more than 10 s. */
export function nextCheckDelay(reading: IdleClockReading): number {
  return Math.max(0, Math.min(reading.msUntilChange, CHECK_INTERVAL_MS));
}

/**
 * Passive activity (mouse, keys, scrolling) counts only while no reminder shows: once it
 * does, only "Stay signed in" keeps the session, so moving the mouse to the button does
 * not dismiss the dialog under the pointer.
 */
export function activityCounts(reading: IdleClockReading): boolean {
  return reading.state === "active";
}

/**
 * Activity that makes no request (reading, typing a long answer) must still reach the
 * server, or it would log out a busy user. Once there has been activity since the server
 * last heard from the page, a keep-alive is due every minute (sooner for short timeouts,
 * so the server's deadline never comes within the reminder window of an active user).
 */
export function keepAliveGap(idleSeconds: number): number {
  const spare = (idleSeconds - REMINDER_SECONDS) * 1000 - CHECK_INTERVAL_MS;
  return Math.min(MAX_KEEP_ALIVE_GAP_MS, Math.max(MIN_KEEP_ALIVE_GAP_MS, spare / 2));
}

export function keepAliveDue(input: {
  lastActivity: number;
  /** When the page last heard from the server (page data or a keep-alive answer). */
  lastContact: number;
  now: number;
  idleSeconds: number;
  serverDeadline?: number | null;
}): boolean {
  const { lastActivity, lastContact, now, idleSeconds, serverDeadline = null } = input;
  if (lastActivity <= lastContact) return false;
  const sinceContact = now - lastContact;
  if (sinceContact >= keepAliveGap(idleSeconds)) return true;
  // The server's deadline is closing in on an active user: refresh now rather than remind.
  const closing = serverDeadline !== null && serverDeadline - now <= REMINDER_SECONDS * 1000 + CHECK_INTERVAL_MS;
  return closing && sinceContact >= MIN_KEEP_ALIVE_GAP_MS;
}

/**
 * What the page learns from the server (the root loader or a keep-alive answer): the
 * seconds its session has left. For page data the server's last refresh also counts as
 * activity (`activityFloor`: a navigation is activity), so a page that loads and is left
 * alone logs out exactly when the server would. A keep-alive answer moves only the deadline.
 */
export function fromServer(input: { receivedAt: number; remainingSeconds: number | null; idleSeconds: number }): {
  serverDeadline: number | null;
  activityFloor: number;
} {
  const { receivedAt, remainingSeconds, idleSeconds } = input;
  if (remainingSeconds === null) return { serverDeadline: null, activityFloor: receivedAt };
  const serverDeadline = receivedAt + Math.min(Math.max(remainingSeconds, 0), idleSeconds) * 1000;
  return { serverDeadline, activityFloor: serverDeadline - idleSeconds * 1000 };
}

/** A time stamp from storage; anything else (a stale format, tampering) is ignored. */
export function parseStamp(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/** Another tab logged out after this page started: this page's session is gone too. */
export function loggedOutElsewhere(loggedOutAt: number | null, pageStartedAt: number): boolean {
  return loggedOutAt !== null && loggedOutAt >= pageStartedAt;
}

/** Where a page goes when it logs out for inactivity: sign-in, with the message, then back. */
export function expiredLoginHref(currentPath: string): string {
  return `/login?${new URLSearchParams({ expired: "1", redirect: currentPath })}`;
}
