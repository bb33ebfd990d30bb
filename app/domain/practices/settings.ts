/**
 * The practice settings page (/practices/edit/{practice_code}, spec 3 §3): one form per
 * section, each posting its `intent`. The schemas are shared by the server (the authority)
 * and the page's live validation; the compliance checks need the practice's mode and "now",
 * so those schemas are built for the practice (docs/decisions/0074-core-hours-compliance.md).
 */
import * as z from "zod";
import { copy } from "~/copy";
import { stripSpaces, UK_PHONE_PATTERN } from "~/validation/rules";
import { dailyCapProblem, inHoursOnlyProblem, openingHoursProblems, switchOffProblem } from "./core-hours";
import { dayLabel, WEEKDAYS, type OpeningDay, type Weekday } from "./opening-hours";

export const SETTINGS_INTENTS = [
  "details",
  "gp-system",
  "features",
  "idle-timeout",
  "opening-hours",
  "requests",
  "patient-reply",
  "compliance",
  "add-closure",
  "cancel-closure",
] as const;
export type SettingsIntent = (typeof SETTINGS_INTENTS)[number];

export const SETTINGS_MESSAGES = {
  nameMissing: "Enter the practice name",
  nameTooLong: "Practice name must be 200 characters or fewer",
  codeMissing: "Enter the url code",
  codeFormat: "Url code must only include letters and numbers, with no spaces or symbols",
  codeTooLong: "Url code must be 30 characters or fewer",
  codeReserved: "This url code is used by the service itself. Choose another",
  codeTaken: "Another practice already uses this url code",
  odsFormat: "ODS code must only include letters and numbers, with no spaces or symbols",
  odsTooLong: "ODS code must be 10 characters or fewer",
  addressTooLong: "Address lines must be 200 characters or fewer",
  postcodeTooLong: "Postcode must be 10 characters or fewer",
  phone: copy.validation.phone,
  ehrType: "Select the GP system",
  pfsEhrType: "Select the GP system for online services",
  idleTimeout: "Enter the idle timeout as a whole number of minutes from 2 to 1440, or leave it empty",
  time: (day: Weekday, which: "opening" | "closing") => `${dayLabel(day)}: enter the ${which} time as HH:MM, for example 08:00`,
  closesBeforeOpens: (day: Weekday) => `${dayLabel(day)}: closing time must be after the opening time`,
  dailyLimit: "Enter the daily request cap as a whole number from 1 to 100000, or leave it empty for no cap",
  demandMessageTooLong: "The message to patients must be 1000 characters or fewer",
  replyAssignment: "Select where a patient's reply goes",
  country: "Select the country",
  closureDate: (which: "start" | "end") => `Enter the ${which} date as DD/MM/YYYY, for example 25/11/2026`,
  closureTime: (which: "start" | "end") => `Enter the ${which} time as HH:MM, for example 13:00`,
  closureOrder: "The end must be after the start",
  closureOver: "The end must be in the future",
  closureTooLong: "An exceptional closure can last 14 days at most",
  closureReason: "Enter the reason for the closure",
  closureReasonTooLong: "The reason must be 500 characters or fewer",
  closureAlternative: "Enter where patients should go instead while online consultation is closed",
  closureAlternativeTooLong: "Where to go instead must be 1000 characters or fewer",
} as const;

const M = SETTINGS_MESSAGES;

/** First path segments the service uses itself: a practice may not take them as its url code. */
export const RESERVED_CODES = new Set([
  "all", "aitesting", "admin", "agent", "api", "appointments", "build", "carer", "ccg", "cookies", "dev", "healthz", "help",
  "inboxes", "login", "logout", "mfa", "msg", "password", "pfs", "practice", "practices", "prescriptions", "register",
  "registered", "security", "session", "suggestion", "validate", "videos",
]);

const CODE = /^[A-Za-z0-9]+$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

export const DetailsSchema = z.object({
  intent: z.literal("details"),
  name: z.string({ error: M.nameMissing }).trim().min(1, M.nameMissing).max(200, M.nameTooLong),
  urlCode: z
    .string({ error: M.codeMissing })
    .trim()
    .min(1, M.codeMissing)
    .max(30, M.codeTooLong)
    .regex(CODE, M.codeFormat)
    .refine((code) => !RESERVED_CODES.has(code.toLowerCase()), M.codeReserved),
  odsCode: z.string().trim().max(10, M.odsTooLong).regex(CODE, M.odsFormat).optional(),
  addressLine1: optionalText(200, M.addressTooLong),
  town: optionalText(200, M.addressTooLong),
  postcode: optionalText(10, M.postcodeTooLong),
  phone: z
    .string()
    .transform(stripSpaces)
    .refine((value) => value === "" || UK_PHONE_PATTERN.test(value), M.phone)
    .optional(),
});

export const GpSystemSchema = z.object({
  intent: z.literal("gp-system"),
  ehrType: z.enum(["emis", "tpp"], { error: M.ehrType }),
  pfsEhrType: z.enum(["none", "emis", "tpp"], { error: M.pfsEhrType }),
});

/** The features of spec 3 §3, in the order the page lists them, with their labels. */
export const FEATURES = [
  { key: "allowVideo", label: "Video consultations" },
  { key: "groupChatSetting", label: "Group video" },
  { key: "mfaEnabled", label: "Multi-factor authentication for staff" },
  { key: "patientMyHealthEnabled", label: "My health for patients" },
  { key: "bulkMessagingEnabled", label: "Bulk messaging" },
  { key: "translationGp", label: "Translation for staff" },
  { key: "translationPatient", label: "Translation for patients" },
  { key: "ssoSetting", label: "Single sign-on from the clinical system toolbar" },
  { key: "tabsSetting", label: "Toolbar tabs setting" },
  { key: "notificationSetting", label: "Notifications" },
  { key: "autofileOnCompletion", label: "File completed requests to the GP record automatically (with their SNOMED codes)" },
] as const;
export type FeatureKey = (typeof FEATURES)[number]["key"];

const flag = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

export const FeaturesSchema = z.object({
  intent: z.literal("features"),
  ...(Object.fromEntries(FEATURES.map((f) => [f.key, flag])) as Record<FeatureKey, typeof flag>),
});

export const IdleTimeoutSchema = z.object({
  intent: z.literal("idle-timeout"),
  // Empty: staff are never logged out for idleness (spec 3 §4). The database refuses 1 and less.
  idleTimeout: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, M.idleTimeout)
    .transform(Number)
    .refine((n) => n >= 2 && n <= 1440, M.idleTimeout)
    .optional(),
});

export const PatientReplySchema = z.object({
  intent: z.literal("patient-reply"),
  patientReply: z.enum(["assignee", "unassigned"], { error: M.replyAssignment }),
});

export const ComplianceSchema = z.object({
  intent: z.literal("compliance"),
  country: z.enum(["england", "wales", "scotland", "northern_ireland"], { error: M.country }),
  coreHoursCompliance: flag,
});

// ---- opening hours --------------------------------------------------------------------------

export const dayField = (day: Weekday, part: "Closed" | "Opens" | "Closes") => `${day}${part}`;

/** Opening hours; in compliance mode also the core-hours rule, each message naming its day. */
export function openingHoursSchema(options: { compliance: boolean }) {
  const shape: Record<string, z.ZodType> = { intent: z.literal("opening-hours") };
  for (const day of WEEKDAYS) {
    shape[dayField(day, "Closed")] = flag;
    shape[dayField(day, "Opens")] = z.string().trim().optional();
    shape[dayField(day, "Closes")] = z.string().trim().optional();
  }
  return z.object(shape).superRefine((value, ctx) => {
    const v = value as Record<string, string | boolean | undefined>;
    const hours: OpeningDay[] = [];
    let formatOk = true;
    for (const day of WEEKDAYS) {
      const closed = v[dayField(day, "Closed")] === true;
      const opens = (v[dayField(day, "Opens")] as string | undefined) ?? "";
      const closes = (v[dayField(day, "Closes")] as string | undefined) ?? "";
      if (closed) {
        hours.push({ day, closed, opens: null, closes: null });
        continue;
      }
      if (!TIME.test(opens)) {
        ctx.addIssue({ code: "custom", path: [dayField(day, "Opens")], message: M.time(day, "opening") });
        formatOk = false;
      }
      if (!TIME.test(closes)) {
        ctx.addIssue({ code: "custom", path: [dayField(day, "Closes")], message: M.time(day, "closing") });
        formatOk = false;
      } else if (TIME.test(opens) && closes <= opens) {
        ctx.addIssue({ code: "custom", path: [dayField(day, "Closes")], message: M.closesBeforeOpens(day) });
        formatOk = false;
      }
      hours.push({ day, closed, opens, closes });
    }
    if (!formatOk || !options.compliance) return;
    const parts = { closed: "Closed", opens: "Opens", closes: "Closes" } as const;
    for (const problem of openingHoursProblems(hours)) {
      ctx.addIssue({ code: "custom", path: [dayField(problem.day, parts[problem.part])], message: problem.message });
    }
  });
}

/** The parsed opening hours, in weekday order. */
export function hoursFromForm(value: Record<string, unknown>): OpeningDay[] {
  return WEEKDAYS.map((day) => {
    const closed = value[dayField(day, "Closed")] === true;
    return {
      day,
      closed,
      opens: closed ? null : String(value[dayField(day, "Opens")]),
      closes: closed ? null : String(value[dayField(day, "Closes")]),
    };
  });
}

// ---- requests and demand controls ------------------------------------------------------------

export function requestSettingsSchema(options: { compliance: boolean; hours: OpeningDay[]; now: Date }) {
  return z
    .object({
      intent: z.literal("requests"),
      dailyRequestLimit: z
        .string()
        .trim()
        .regex(/^\d{1,6}$/, M.dailyLimit)
        .transform(Number)
        .refine((n) => n >= 1 && n <= 100_000, M.dailyLimit)
        .optional(),
      switchedOffToday: flag,
      requestsInOpeningHoursOnly: flag,
      demandMessage: z.string().trim().max(1000, M.demandMessageTooLong).optional(),
    })
    .superRefine((value, ctx) => {
      if (!options.compliance) return;
      const cap = dailyCapProblem(value.dailyRequestLimit ?? null);
      if (cap) ctx.addIssue({ code: "custom", path: ["dailyRequestLimit"], message: cap });
      if (value.switchedOffToday) {
        const problem = switchOffProblem(options.now);
        if (problem) ctx.addIssue({ code: "custom", path: ["switchedOffToday"], message: problem.message });
      }
      if (value.requestsInOpeningHoursOnly) {
        const problem = inHoursOnlyProblem(options.hours);
        if (problem) ctx.addIssue({ code: "custom", path: ["requestsInOpeningHoursOnly"], message: problem.message });
      }
    });
}

// ---- exceptional closures --------------------------------------------------------------------

const DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
export const MAX_CLOSURE_DAYS = 14;

/** DD/MM/YYYY to YYYY-MM-DD, or null when it is not a real date. */
export function parseUkDate(text: string): string | null {
  const match = DATE.exec(text.trim());
  if (!match) return null;
  const [, d, m, y] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 2000 || y > 2100) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * An exceptional closure: start and end (London dates and times), reason and where to go
 * instead all required; it must end in the future, after it starts, within 14 days.
 * `toInstant` turns a London date and time into an instant (DST-correct; injected so this
 * module stays free of the request area's helpers).
 */
export function closureSchema(options: { now: Date; toInstant: (date: string, time: string) => Date }) {
  return z
    .object({
      intent: z.literal("add-closure"),
      startDate: z.string({ error: M.closureDate("start") }).trim().refine((s) => parseUkDate(s) !== null, M.closureDate("start")),
      startTime: z.string({ error: M.closureTime("start") }).trim().regex(TIME, M.closureTime("start")),
      endDate: z.string({ error: M.closureDate("end") }).trim().refine((s) => parseUkDate(s) !== null, M.closureDate("end")),
      endTime: z.string({ error: M.closureTime("end") }).trim().regex(TIME, M.closureTime("end")),
      reason: z.string({ error: M.closureReason }).trim().min(1, M.closureReason).max(500, M.closureReasonTooLong),
      alternative: z.string({ error: M.closureAlternative }).trim().min(1, M.closureAlternative).max(1000, M.closureAlternativeTooLong),
    })
    .superRefine((value, ctx) => {
      const starts = options.toInstant(parseUkDate(value.startDate)!, value.startTime);
      const ends = options.toInstant(parseUkDate(value.endDate)!, value.endTime);
      if (ends <= starts) ctx.addIssue({ code: "custom", path: ["endDate"], message: M.closureOrder });
      else if (ends <= options.now) ctx.addIssue({ code: "custom", path: ["endDate"], message: M.closureOver });
      else if (ends.getTime() - starts.getTime() > MAX_CLOSURE_DAYS * 86_400_000) ctx.addIssue({ code: "custom", path: ["endDate"], message: M.closureTooLong });
    })
    .transform((value) => ({
      startsAt: options.toInstant(parseUkDate(value.startDate)!, value.startTime),
      endsAt: options.toInstant(parseUkDate(value.endDate)!, value.endTime),
      reason: value.reason,
      alternative: value.alternative,
    }));
}

export const CancelClosureSchema = z.object({
  intent: z.literal("cancel-closure"),
  closureId: z.string().regex(/^\d{1,9}$/).transform(Number),
});

// ---- audit ------------------------------------------------------------------------------------

type Scalar = string | number | boolean | null;

/** The fields that differ, before → after, for the audit (one row each). */
export function changedFields(before: Record<string, Scalar>, after: Record<string, Scalar>): { field: string; before: Scalar; after: Scalar }[] {
  return Object.keys(after)
    .filter((field) => (before[field] ?? null) !== (after[field] ?? null))
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}

/** ?page=n of a list, 1 to 9999; anything else is the first page. */
export function parsePage(raw: string | null): number {
  return raw && /^\d{1,4}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
}
