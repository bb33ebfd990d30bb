/**
 * The global notice form's rules (spec 3 §2 /admin/notices): validated by the admin routes'
 * actions, apart from notices.ts so that the root route's imports stay free of zod (decision 0137).
 */
import * as z from "zod";
import { londonDateTime, NOTICE_MESSAGES as m } from "./notices";

const text = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).optional().transform((v) => v ?? "");

export const NoticeSchema = z
  .object({
    title: z.string({ error: m.title }).trim().min(1, m.title).max(120, m.titleTooLong),
    body: z.string({ error: m.body }).trim().min(1, m.body).max(2000, m.bodyTooLong),
    welshTitle: text(120, m.welshTitleTooLong),
    welshBody: text(2000, m.welshBodyTooLong),
    startsDate: text(20, m.date),
    startsTime: text(10, m.time),
    endsDate: text(20, m.date),
    endsTime: text(10, m.time),
    active: z
      .string()
      .optional()
      .transform((v) => v === "on"),
  })
  .superRefine((value, ctx) => {
    if ((value.welshTitle === "") !== (value.welshBody === "")) {
      ctx.addIssue({ code: "custom", path: [value.welshTitle === "" ? "welshTitle" : "welshBody"], message: m.welshPair });
    }
    const starts = londonDateTime(value.startsDate, value.startsTime);
    const ends = londonDateTime(value.endsDate, value.endsTime);
    for (const [result, prefix] of [
      [starts, "starts"],
      [ends, "ends"],
    ] as const) {
      if (result === "bad_date") ctx.addIssue({ code: "custom", path: [`${prefix}Date`], message: m.date });
      if (result === "bad_time") ctx.addIssue({ code: "custom", path: [`${prefix}Time`], message: m.time });
      if (result === "time_without_date") ctx.addIssue({ code: "custom", path: [`${prefix}Date`], message: m.timeWithoutDate });
    }
    if (starts instanceof Date && ends instanceof Date && ends <= starts) {
      ctx.addIssue({ code: "custom", path: ["endsDate"], message: m.endsBeforeStart });
    }
  })
  .transform((value) => ({
    title: value.title,
    body: value.body,
    welshTitle: value.welshTitle || null,
    welshBody: value.welshBody || null,
    startsAt: londonDateTime(value.startsDate, value.startsTime) as Date | null,
    endsAt: londonDateTime(value.endsDate, value.endsTime) as Date | null,
    active: value.active,
  }));

export type NoticeInput = z.output<typeof NoticeSchema>;
