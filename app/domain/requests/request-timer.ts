/**
 * The request session (spec 2 §4, §9): a request must be submitted within 30 minutes of its
 * start, which the server keeps (patient_entries.started_at) and enforces on every step. The
 * browser only warns at 25 minutes.
 */
export const REQUEST_WARNING_MS = 1_500_000;
export const REQUEST_TIMEOUT_MS = 1_800_000;

export function requestTimedOut(startedAt: Date, now: Date): boolean {
  return now.getTime() - startedAt.getTime() >= REQUEST_TIMEOUT_MS;
}

/** Milliseconds left before the timeout (never negative). */
export function requestTimeLeft(startedAt: Date, now: Date): number {
  return Math.max(0, REQUEST_TIMEOUT_MS - (now.getTime() - startedAt.getTime()));
}

export function requestTimeoutMessage(practiceName: string): string {
  return `You have taken more than 30 minutes to submit your request. Your request has been cancelled and has not been sent to ${practiceName}.`;
}
