/** The NHS login pages' forms. */
import * as z from "zod";
import { NHS_LOGIN_MESSAGES as M } from "./messages";

export const SelectPracticeSchema = z.object({
  practice: z.string({ error: M.practiceMissing }).trim().regex(/^[A-Za-z0-9_-]{1,50}$/, M.practiceMissing),
});

export const LinkAccountSchema = z.object({
  password: z.string({ error: M.passwordMissing }).min(1, M.passwordMissing).max(200),
});

