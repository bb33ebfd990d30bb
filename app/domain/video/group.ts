/**
 * Group video (decision 0123): the form that sets up a group call (title, date and time in
 * Europe/London, the practice's staff and the patients by NHS number), how many can be in one
 * (a mesh of WebRTC peers: every browser sends to every other), who makes the offer between two
 * members, and the texts. Pure: the queries are in group.server.ts.
 */
import * as z from "zod";
import { idField, parseId } from "~/validation/ids";
import { londonDate, londonInstant } from "~/domain/time/london";
import { formatNhsNumber } from "~/domain/patients/nhs-number";
import { parseClockTime, parseLondonDate, VIDEO_MESSAGES } from "./schedule";

/** A mesh sends every stream to every other member: beyond six, home connections struggle. */
export const MAX_GROUP_MEMBERS = 6;

export const GROUP_MESSAGES = {
  title: "Enter a title for the group call",
  titleLong: "The title must be 100 characters or fewer",
  date: VIDEO_MESSAGES.date,
  datePast: VIDEO_MESSAGES.datePast,
  time: VIDEO_MESSAGES.time,
  timePast: VIDEO_MESSAGES.timePast,
  staff: "Select at least one member of staff",
  patients: "Enter at least one patient's NHS number",
  nhsNumber: (value: string) => `${value} is not an NHS number: enter 10 digits`,
  tooMany: `A group call can have at most ${MAX_GROUP_MEMBERS} people, staff and patients together`,
  patientUnknown: (nhs: string) => `No patient with NHS number ${nhs} is registered at this practice`,
  patientNoAccount: (nhs: string) => `The patient with NHS number ${nhs} has no account: they must sign in to join a group call. Book them a one-to-one video consultation instead`,
  staffUnknown: "Select staff of this practice",
  created: "Group call set up. The patients have been sent the link.",
  ended: "Group call ended.",
} as const;

/**
 * The confirmation after a group call is set up. When GOV.UK Notify refused some patients' e-mail
 * addresses for good (decision 0153), it names them by the NHS numbers staff entered, so that
 * staff can contact them another way; the call stands.
 */
export function groupCreatedMessage(patientCount: number, refusedNhsNumbers: readonly string[]): string {
  if (refusedNhsNumbers.length === 0) return GROUP_MESSAGES.created;
  const one = refusedNhsNumbers.length === 1;
  const numbers = refusedNhsNumbers.map(formatNhsNumber).join(", ");
  const others = patientCount > refusedNhsNumbers.length ? " The other patients have been sent the link." : "";
  return `Group call set up. We could not email the link to ${one ? "the patient with NHS number" : "the patients with NHS numbers"} ${numbers}: GOV.UK Notify refused their email ${one ? "address" : "addresses"}. Contact them another way.${others}`;
}

/** NHS numbers from a box: one per line or separated by commas, spaces inside a number allowed. */
export function parseNhsNumbers(text: string): { numbers: string[]; bad: string | null } {
  const parts = text
    .split(/[\n,;]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const numbers: string[] = [];
  for (const part of parts) {
    const digits = part.replace(/\s+/g, "");
    if (!/^\d{10}$/.test(digits)) return { numbers, bad: part.slice(0, 30) };
    if (!numbers.includes(digits)) numbers.push(digits);
  }
  return { numbers, bad: null };
}

const idList = z.preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(idField(GROUP_MESSAGES.staffUnknown)));

/** The set-up form; `now` makes "in the future" testable (the client repeats it with its own clock). */
export function groupChatSchema(now: Date) {
  return z
    .object({
      title: z.string({ error: GROUP_MESSAGES.title }).trim().min(1, GROUP_MESSAGES.title).max(100, GROUP_MESSAGES.titleLong),
      date: z.string({ error: GROUP_MESSAGES.date }).refine((v) => parseLondonDate(v) !== null, GROUP_MESSAGES.date),
      time: z.string({ error: GROUP_MESSAGES.time }).refine((v) => parseClockTime(v) !== null, GROUP_MESSAGES.time),
      staff: idList.refine((v) => v.length > 0, GROUP_MESSAGES.staff),
      patients: z.string({ error: GROUP_MESSAGES.patients }).max(2000, GROUP_MESSAGES.tooMany),
    })
    .superRefine((value, ctx) => {
      const { numbers, bad } = parseNhsNumbers(value.patients);
      if (bad !== null) ctx.addIssue({ code: "custom", path: ["patients"], message: GROUP_MESSAGES.nhsNumber(bad) });
      else if (numbers.length === 0) ctx.addIssue({ code: "custom", path: ["patients"], message: GROUP_MESSAGES.patients });
      else if (numbers.length + new Set(value.staff).size > MAX_GROUP_MEMBERS) ctx.addIssue({ code: "custom", path: ["patients"], message: GROUP_MESSAGES.tooMany });
      const date = parseLondonDate(value.date);
      const time = parseClockTime(value.time);
      if (!date || !time) return;
      if (date < londonDate(now)) ctx.addIssue({ code: "custom", path: ["date"], message: GROUP_MESSAGES.datePast });
      else if (londonInstant(date, time).getTime() <= now.getTime()) ctx.addIssue({ code: "custom", path: ["time"], message: GROUP_MESSAGES.timePast });
    })
    .transform((value) => ({
      title: value.title,
      staff: [...new Set(value.staff)],
      nhsNumbers: parseNhsNumbers(value.patients).numbers,
      scheduledFor: londonInstant(parseLondonDate(value.date)!, parseClockTime(value.time)!),
    }));
}
export type GroupChatInput = z.output<ReturnType<typeof groupChatSchema>>;

export type GroupStatus = "scheduled" | "ended";
export const GROUP_STATUS_LABELS: Record<GroupStatus, string> = { scheduled: "Scheduled", ended: "Ended" };
export const GROUP_STATUS_TAGS: Record<GroupStatus, string> = { scheduled: "nhsuk-tag--blue", ended: "nhsuk-tag--grey" };
export const groupStatus = (c: { endedAt: Date | string | null }): GroupStatus => (c.endedAt ? "ended" : "scheduled");

/** The group call's signalling messages; offer, answer, candidate and ready go to one member. */
export const GROUP_SIGNAL_KINDS = ["hello", "ready", "offer", "answer", "candidate", "bye"] as const;
export type GroupSignalKind = (typeof GROUP_SIGNAL_KINDS)[number];
export const isDirected = (kind: GroupSignalKind) => kind !== "hello" && kind !== "bye";

/**
 * Between two members the one with the lower member id makes the offer, so two who arrive at
 * once never both offer (glare); the other answers a hello with "ready".
 */
export const makesOffer = (me: number, other: number) => me < other;

/** A member id from a form field, or null. */
export const memberIdOf = (value: unknown) => parseId(value);

/** Seconds each member was in, from their joins and leaves in order (an open stay counts to `now`). */
export function secondsInCall(events: ReadonlyArray<{ memberId: number; kind: string; createdAt: Date }>, now: Date): Map<number, number> {
  const since = new Map<number, number>();
  const total = new Map<number, number>();
  for (const e of events) {
    if (e.kind === "joined" && !since.has(e.memberId)) since.set(e.memberId, e.createdAt.getTime());
    if (e.kind === "left" && since.has(e.memberId)) {
      total.set(e.memberId, (total.get(e.memberId) ?? 0) + Math.round((e.createdAt.getTime() - since.get(e.memberId)!) / 1000));
      since.delete(e.memberId);
    }
  }
  for (const [member, start] of since) total.set(member, (total.get(member) ?? 0) + Math.max(0, Math.round((now.getTime() - start) / 1000)));
  return total;
}
