/**
 * Bulk messages (spec 3 §2; issue "templates"): the pure rules. Who is a recipient (age range,
 * non-digital excluded, an uploaded list of NHS numbers), on which channels, the idempotency key
 * of one message to one patient on one channel, how fast the queue may send (GOV.UK Notify's
 * 3,000 requests a minute) and when a failed send is tried again. Decision 0120.
 */
import * as z from "zod";
import { isValidNhsNumber } from "~/domain/patients/nhs-number";
import { addDays } from "~/domain/time/london";

export const BULK_CHANNELS = ["sms", "email", "nhs_app"] as const;
export type BulkChannel = (typeof BULK_CHANNELS)[number];
export const CHANNEL_LABELS: Record<BulkChannel, string> = { sms: "SMS", email: "Email", nhs_app: "NHS App message" };

export const BULK_STATES = ["draft", "scheduled", "sending", "sent", "stopped"] as const;
export type BulkState = (typeof BULK_STATES)[number];
export const STATE_LABELS: Record<BulkState, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  sent: "Sent",
  stopped: "Stopped",
};

export const RECIPIENT_STATES = ["queued", "sending", "sent", "delivered", "failed", "stopped"] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

/** GOV.UK Notify's limit: 3,000 requests a minute per service. */
export const NOTIFY_LIMIT_PER_MINUTE = 3000;
export const MAX_ATTEMPTS = 5;

export type RecipientFilters = {
  minAge: number | null;
  maxAge: number | null;
  excludeNonDigital: boolean;
  /** Only these patients, when a list was uploaded (10 digits each). */
  nhsNumbers: string[] | null;
};

export const NO_FILTERS: RecipientFilters = { minAge: null, maxAge: null, excludeNonDigital: true, nhsNumbers: null };

/** The one key of one message to one patient on one channel: unique in the database. */
export function idempotencyKey(bulkMessageId: number, patientId: number, channel: BulkChannel): string {
  return `bm${bulkMessageId}-p${patientId}-${channel}`;
}

/**
 * The dates of birth (YYYY-MM-DD, inclusive) of people aged minAge to maxAge today. Someone is
 * `age` from their birthday until the day before the next one.
 */
export function birthDateRange(today: string, minAge: number | null, maxAge: number | null): { from: string | null; to: string | null } {
  const yearsBefore = (years: number) => {
    const [y, m, d] = today.split("-").map(Number) as [number, number, number];
    const year = y - years;
    // 29 February in a year without one: the birthday is kept on 1 March.
    const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
    return d > lastDay ? `${year}-${String(m + 1).padStart(2, "0")}-01` : `${year}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  };
  return {
    to: minAge === null ? null : yearsBefore(minAge),
    from: maxAge === null ? null : addDays(yearsBefore(maxAge + 1), 1),
  };
}

export function ageOn(today: string, dateOfBirth: string): number {
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export type Candidate = { dateOfBirth: string; nonDigital: boolean; nhsNumber: string | null };

/** Whether a patient passes the filters (the SQL in bulk-messages.server.ts says the same). */
export function matchesFilters(patient: Candidate, filters: RecipientFilters, today: string): boolean {
  const age = ageOn(today, patient.dateOfBirth);
  if (filters.minAge !== null && age < filters.minAge) return false;
  if (filters.maxAge !== null && age > filters.maxAge) return false;
  if (filters.excludeNonDigital && patient.nonDigital) return false;
  if (filters.nhsNumbers && (!patient.nhsNumber || !filters.nhsNumbers.includes(patient.nhsNumber))) return false;
  return true;
}

/** The address a patient is reached at on a channel, or null. */
export function addressFor(channel: BulkChannel, patient: { email: string | null; mobile: string | null; userId: number | null }): string | null {
  if (channel === "sms") return patient.mobile?.trim() || null;
  if (channel === "email") return patient.email?.trim() || null;
  return patient.userId === null ? null : `user:${patient.userId}`;
}

export const UPLOAD_MAX_LINES = 20_000;

/**
 * An uploaded list of NHS numbers (CSV or text: one a line, or the first column; spaces and
 * hyphens allowed, a header line ignored). Every line that is not a valid NHS number is reported.
 */
export function parseNhsNumberList(text: string): { numbers: string[]; refused: { line: number; value: string }[] } {
  const numbers: string[] = [];
  const refused: { line: number; value: string }[] = [];
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  lines.slice(0, UPLOAD_MAX_LINES).forEach((raw, index) => {
    const value = (raw.split(",")[0] ?? "").replace(/"/g, "").trim();
    if (!value) return;
    if (index === 0 && /nhs/i.test(value)) return;
    const digits = value.replace(/[\s-]/g, "");
    if (!isValidNhsNumber(digits)) {
      refused.push({ line: index + 1, value: value.slice(0, 20) });
      return;
    }
    if (!numbers.includes(digits)) numbers.push(digits);
  });
  return { numbers, refused };
}

/**
 * How many more messages may go now: the limit less what was attempted in the last minute (all
 * processes count, as the attempts are rows), and never more than one batch.
 */
export function batchAllowance(input: { attemptedLastMinute: number; limitPerMinute: number; batchSize: number }): number {
  return Math.max(0, Math.min(input.batchSize, input.limitPerMinute - input.attemptedLastMinute));
}

/** The batch that keeps sends even over the minute: a second's share of the limit. */
export function batchSizeFor(limitPerMinute: number): number {
  return Math.max(1, Math.ceil(limitPerMinute / 60));
}

/**
 * After a failed attempt: when to try again (30 s, 2 min, 8 min, 32 min), or null to give up
 * (attempts used, or a failure that will not change: the address refused).
 */
export function retryAt(now: Date, attempts: number, permanent: boolean): Date | null {
  if (permanent || attempts >= MAX_ATTEMPTS) return null;
  const delayMs = 30_000 * 4 ** (attempts - 1);
  return new Date(now.getTime() + Math.min(delayMs, 60 * 60_000));
}

/** Notify's 400 and 403 (a bad address, a key refused) do not change on retry; 429 and 5xx may. */
export { isPermanentFailure } from "~/domain/notify/retries";

export const BULK_MESSAGES = {
  title: "Enter a title",
  body: "Enter the message",
  bodyTooLong: "Message must be 918 characters or fewer",
  minAge: "Enter a minimum age between 0 and 120",
  maxAge: "Enter a maximum age between 0 and 120",
  ageOrder: "Maximum age must be the same as or more than the minimum age",
  channels: "Select at least one way to send the message",
  noRecipients: "No patients match these filters",
  scheduleDate: "Enter a date and time in the future",
  nhsNumbersFile: (line: number) => `Line ${line} is not a valid NHS number`,
  questionnaireLinkAlone: "Choose a questionnaire, or take {questionnaire_link} out of the message",
} as const;

/** SMS longer than 6 fragments (918 characters) is refused by Notify. */
export const BODY_MAX = 918;

const age = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || (/^\d{1,3}$/.test(v) && Number(v) <= 120), message)
    .transform((v) => (v ? Number(v) : undefined));

export const RecipientsSchema = z
  .object({
    minAge: age(BULK_MESSAGES.minAge),
    maxAge: age(BULK_MESSAGES.maxAge),
    excludeNonDigital: z
      .string()
      .optional()
      .transform((v) => v === "on"),
    clearList: z
      .string()
      .optional()
      .transform((v) => v === "on"),
  })
  .superRefine((v, ctx) => {
    if (v.minAge !== undefined && v.maxAge !== undefined && v.maxAge < v.minAge) ctx.addIssue({ code: "custom", path: ["maxAge"], message: BULK_MESSAGES.ageOrder });
  });

export const MessageSchema = z.object({
  title: z.string({ error: BULK_MESSAGES.title }).trim().min(1, BULK_MESSAGES.title).max(100, BULK_MESSAGES.title),
  body: z.string({ error: BULK_MESSAGES.body }).trim().min(1, BULK_MESSAGES.body).max(BODY_MAX, BULK_MESSAGES.bodyTooLong),
  bookingSlotType: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null),
  /** A questionnaire each patient answers through their own link (decision 0131); "" for none. */
  questionnaireId: z
    .string()
    .trim()
    .optional()
    // 0 for anything not an id: the route answers not found, as for an unknown clinic type.
    .transform((v) => (!v ? null : /^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : 0)),
}).superRefine((v, ctx) => {
  // The placeholder with no questionnaire would reach patients as typed.
  if (v.questionnaireId === null && v.body.includes("{questionnaire_link}")) ctx.addIssue({ code: "custom", path: ["body"], message: BULK_MESSAGES.questionnaireLinkAlone });
});

export const ChannelsSchema = z.object({
  channels: z.array(z.enum(BULK_CHANNELS), { error: BULK_MESSAGES.channels }).min(1, BULK_MESSAGES.channels),
});

/** The template dropdown's own form: it fills the message from a template. */
export const UseTemplateSchema = z.object({ templateId: z.coerce.number().int().positive() });

/** Per channel, how many recipients are in each state (the progress table). */
export type Progress = Record<BulkChannel, Record<RecipientState, number>>;

export function emptyProgress(): Progress {
  const row = () => Object.fromEntries(RECIPIENT_STATES.map((s) => [s, 0])) as Record<RecipientState, number>;
  return { sms: row(), email: row(), nhs_app: row() };
}

/** The message's state once its rows are counted: sending until none is queued or in flight. */
export function settledState(state: BulkState, progress: Progress): BulkState {
  if (state !== "sending") return state;
  const open = BULK_CHANNELS.some((c) => progress[c].queued > 0 || progress[c].sending > 0);
  return open ? "sending" : "sent";
}
