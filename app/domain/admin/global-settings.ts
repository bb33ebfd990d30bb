/** The global settings form (/admin/settings): the rules of each field. Pure. */
import * as z from "zod";

export const SETTINGS_MESSAGES = {
  maximumPatientAge: "Enter a maximum patient age between 16 and 130",
  time: "Enter a time in the format HH:mm, for example 08:00",
  timePair: "Enter both times, or neither",
  timeOrder: "The end time must be after the start time",
  url: "Enter a full web address starting with https://",
  maintenanceMessageTooLong: "The maintenance message must be 500 characters or fewer",
} as const;

const m = SETTINGS_MESSAGES;
const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on");

const optionalUrl = z
  .string()
  .trim()
  .max(500, m.url)
  .optional()
  .transform((v) => v ?? "")
  .refine((v) => v === "" || isHttpsUrl(v), m.url)
  .transform((v) => (v === "" ? null : v));

const optionalTime = z
  .string()
  .trim()
  .optional()
  .transform((v) => v ?? "")
  .refine((v) => v === "" || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), m.time)
  .transform((v) => (v === "" ? null : v));

export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}

export const GlobalSettingsSchema = z
  .object({
    videoEnabled: checkbox,
    maintenanceMode: checkbox,
    maintenanceMessage: z
      .string()
      .trim()
      .max(500, m.maintenanceMessageTooLong)
      .optional()
      .transform((v) => (v ? v : null)),
    maximumPatientAge: z
      .string({ error: m.maximumPatientAge })
      .trim()
      .regex(/^\d{1,3}$/, m.maximumPatientAge)
      .transform(Number)
      .refine((v) => v >= 16 && v <= 130, m.maximumPatientAge),
    allowedTimeStart: optionalTime,
    allowedTimeEnd: optionalTime,
    healthHubUrl: optionalUrl,
    patientLicenceUrl: optionalUrl,
    staffLicenceUrl: optionalUrl,
    researchProjectsUrl: optionalUrl,
  })
  .superRefine((value, ctx) => {
    if ((value.allowedTimeStart === null) !== (value.allowedTimeEnd === null)) {
      ctx.addIssue({ code: "custom", path: [value.allowedTimeStart === null ? "allowedTimeStart" : "allowedTimeEnd"], message: m.timePair });
    } else if (value.allowedTimeStart && value.allowedTimeEnd && value.allowedTimeEnd <= value.allowedTimeStart) {
      ctx.addIssue({ code: "custom", path: ["allowedTimeEnd"], message: m.timeOrder });
    }
  });

export type GlobalSettingsInput = z.output<typeof GlobalSettingsSchema>;

/** What changed, field by field, for the audit row (before → after). */
export function settingsChanges<T extends Record<string, unknown>>(before: T, after: Partial<T>): Record<string, string | number | boolean | null> {
  const changes: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(after)) {
    const old = before[key];
    if (old !== value) changes[key] = `${String(old ?? "")} → ${String(value ?? "")}`;
  }
  return changes;
}
