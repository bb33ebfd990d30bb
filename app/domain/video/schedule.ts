/**
 * Video schedules (spec 3 §3): the statuses and what each allows, the scheduling form's rules
 * (date and time in Europe/London, the override mobile validated as spec 3 §5 says), and the
 * texts the pages show. Pure: the queries are in schedule.server.ts.
 */
import * as z from "zod";
import { copy } from "~/copy";
import { idField } from "~/validation/ids";
import { stripSpaces, UK_MOBILE_PATTERN } from "~/validation/rules";
import { londonDate, londonInstant } from "~/domain/time/london";
import { noticeRefusedMessage, type NoticeRefused } from "~/domain/notify/notice-refused";

export const VIDEO_STATUSES = ["scheduled", "missed", "cancelled", "complete"] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

export const STATUS_LABELS: Record<VideoStatus, string> = {
  scheduled: "Scheduled",
  missed: "Missed",
  cancelled: "Cancelled",
  complete: "Complete",
};
export const STATUS_TAGS: Record<VideoStatus, string> = {
  scheduled: "nhsuk-tag--blue",
  missed: "nhsuk-tag--orange",
  cancelled: "nhsuk-tag--grey",
  complete: "nhsuk-tag--green",
};

/** After this long past its time with the patient never in, a scheduled consultation is missed. */
export const MISSED_AFTER_MINUTES = 60;
/** The room opens this long before the time (the patient may wait in the waiting room earlier). */
export const JOIN_EARLY_MINUTES = 30;

type StatusFacts = { status: VideoStatus; scheduledFor: Date; patientJoinedAt: Date | null };

/**
 * The status to show: the stored one, except a scheduled consultation whose patient never came
 * and whose time is over an hour past reads as missed (decision 0095).
 */
export function effectiveStatus(c: StatusFacts, now: Date): VideoStatus {
  if (c.status !== "scheduled") return c.status;
  if (!c.patientJoinedAt && now.getTime() > c.scheduledFor.getTime() + MISSED_AFTER_MINUTES * 60_000) return "missed";
  return "scheduled";
}

/** Only a consultation still to happen can be cancelled. */
export const canCancel = (c: StatusFacts, now: Date) => effectiveStatus(c, now) === "scheduled";

/** The call can be joined while scheduled (and, for the clinician, to finish a missed one late). */
export function canJoin(c: StatusFacts, now: Date, side: "clinician" | "patient"): boolean {
  const status = effectiveStatus(c, now);
  if (status === "cancelled" || status === "complete") return false;
  return side === "clinician" || status === "scheduled";
}

/** Whether the schedule's times are still ahead: the waiting room lists these. */
export const isUpcoming = (c: StatusFacts, now: Date) => effectiveStatus(c, now) === "scheduled";

export const VIDEO_MESSAGES = {
  patient: "Enter the patient's NHS number",
  patientUnknown: "No patient with this NHS number is registered at this practice",
  date: "Enter the date as DD/MM/YYYY",
  datePast: "The date must be today or in the future",
  time: "Enter the time as HH:mm, for example 14:30",
  timePast: "The time must be in the future",
  clinician: "Select the clinician",
  overrideMobile: copy.validation.overridePhone,
  notes: "Notes must be 1000 characters or fewer",
  scheduled: "Video consultation scheduled. The patient has been sent the link.",
  cancelled: "Video consultation cancelled.",
  noMobile: "The patient has no mobile number: enter one to send a text message, or untick it.",
  noContact: "The patient has no e-mail address or mobile number on record: enter a mobile number to send the link by text message.",
} as const;

/**
 * The confirmation of a scheduled consultation. When GOV.UK Notify refused the patient's e-mail
 * address or mobile for good (decision 0153) the consultation stands, and staff are told which
 * way the link did not go, and which way it did, if any.
 */
export function scheduledMessage(sent: readonly ("email" | "sms")[], refused: NoticeRefused): string {
  if (refused.length === 0) return VIDEO_MESSAGES.scheduled;
  const ways = { email: "email", sms: "text message" } as const;
  const delivered = sent.length > 0 ? ` The patient has been sent the link by ${sent.map((c) => ways[c]).join(" and ")}.` : "";
  return `Video consultation scheduled.${noticeRefusedMessage(refused)}${delivered}`;
}

/** DD/MM/YYYY (or D/M/YYYY, or YYYY-MM-DD) to YYYY-MM-DD, or null. */
export function parseLondonDate(value: string): string | null {
  const v = value.trim();
  let y: number, m: number, d: number;
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (uk) [d, m, y] = [Number(uk[1]), Number(uk[2]), Number(uk[3])];
  else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** HH:mm (or H:mm, or HH.mm) to HH:mm, or null. */
export function parseClockTime(value: string): string | null {
  const match = /^(\d{1,2})[:.](\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [h, m] = [Number(match[1]), Number(match[2])];
  if (h > 23 || m > 59) return null;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

const checkbox = z.preprocess((v) => v === "on" || v === "true", z.boolean());
const optionalText = z.preprocess(
  (v) => (typeof v === "string" && v.trim() ? v.trim() : undefined),
  z.string().max(1000, VIDEO_MESSAGES.notes).optional(),
);

/**
 * The scheduling form. `now` makes "in the future" testable; the client uses the same schema
 * with the browser's clock (the server's answer is the one that counts).
 */
export function scheduleSchema(now: Date) {
  return z
    .object({
      nhsNumber: z
        .string({ error: VIDEO_MESSAGES.patient })
        .transform(stripSpaces)
        .pipe(z.string().regex(/^\d{10}$/, VIDEO_MESSAGES.patient)),
      date: z.string({ error: VIDEO_MESSAGES.date }).refine((v) => parseLondonDate(v) !== null, VIDEO_MESSAGES.date),
      time: z.string({ error: VIDEO_MESSAGES.time }).refine((v) => parseClockTime(v) !== null, VIDEO_MESSAGES.time),
      clinician: idField(VIDEO_MESSAGES.clinician),
      sendSms: checkbox,
      overrideMobile: z.preprocess(
        (v) => (typeof v === "string" && v.trim() ? stripSpaces(v) : undefined),
        z.string().regex(UK_MOBILE_PATTERN, VIDEO_MESSAGES.overrideMobile).optional(),
      ),
      notesForPatient: optionalText,
      notesForMedicalRecord: optionalText,
      request: z.preprocess((v) => (v === "" ? undefined : v), idField("Choose a request").optional()),
    })
    .superRefine((value, ctx) => {
      const date = parseLondonDate(value.date);
      const time = parseClockTime(value.time);
      if (!date || !time) return;
      if (date < londonDate(now)) ctx.addIssue({ code: "custom", path: ["date"], message: VIDEO_MESSAGES.datePast });
      else if (londonInstant(date, time).getTime() <= now.getTime()) ctx.addIssue({ code: "custom", path: ["time"], message: VIDEO_MESSAGES.timePast });
    })
    .transform((value) => ({
      ...value,
      scheduledFor: londonInstant(parseLondonDate(value.date)!, parseClockTime(value.time)!),
    }));
}
export type ScheduleInput = z.output<ReturnType<typeof scheduleSchema>>;

/** The mobile the SMS goes to: the override when given, else the patient's own. */
export function smsRecipient(input: { sendSms: boolean; overrideMobile?: string }, patientMobile: string | null): string | null {
  if (!input.sendSms) return null;
  const mobile = input.overrideMobile ?? (patientMobile ? stripSpaces(patientMobile) : null);
  return mobile && UK_MOBILE_PATTERN.test(mobile) ? mobile : null;
}

/** Seconds between two instants, never negative. */
export function callSeconds(start: Date, end: Date): number {
  return Math.max(0, Math.round((end.getTime() - start.getTime()) / 1000));
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** "12 minutes 5 seconds", "1 minute", "45 seconds": a call's length as the pages and the history show it. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return copy.noInformation;
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (!m) return plural(s, "second");
  return s ? `${plural(m, "minute")} ${plural(s, "second")}` : plural(m, "minute");
}

/** What the call pages say without a browser that runs the call (decision 0096). */
export const NO_VIDEO_TEXT = {
  heading: "Your browser cannot start this video call",
  body: "A video call needs a browser that can run it: JavaScript must be on, and the browser must allow the camera and microphone (a recent Chrome, Edge, Firefox or Safari, or the NHS App).",
  clinicianPhone: (mobile: string) => `Phone the patient instead on ${mobile}.`,
  clinicianNoPhone: "Phone the patient instead, on the number in their record.",
  patientPhone: (practice: string, phone: string) => `You can still have your consultation by phone: call ${practice} on ${phone}, or stay where you are and the practice will phone you at the time of your appointment.`,
  patientNoPhone: (practice: string) => `You can still have your consultation by phone: stay where you are and ${practice} will phone you at the time of your appointment.`,
} as const;
