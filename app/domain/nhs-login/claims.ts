/**
 * What NHS login told us about the person, checked (spec 2 §2.8): read by the server's sign-in
 * only, apart from rules.ts so that the root route's imports stay free of zod (decision 0137).
 */
import * as z from "zod";
import { isValidNhsNumber } from "~/domain/patients/nhs-number";
import { levelFromVot } from "./rules";

/** What NHS login told us about the person, checked (id_token and userinfo claims together). */
export const NhsLoginClaimsSchema = z.object({
  sub: z.string().min(1).max(200),
  level: z.enum(["P9", "P5"]),
  nhsNumber: z
    .string()
    .regex(/^\d{10}$/)
    .refine(isValidNhsNumber)
    .nullable(),
  givenName: z.string().trim().min(1).max(100),
  familyName: z.string().trim().min(1).max(100),
  birthdate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  email: z.string().trim().toLowerCase().email().max(254),
  phone: z.string().max(30).nullable(),
  odsCode: z.string().regex(/^[A-Z0-9]{3,10}$/).nullable(),
});
export type NhsLoginClaims = z.infer<typeof NhsLoginClaimsSchema>;

/** The raw claims (id_token merged with userinfo) as NhsLoginClaims, or null when unusable. */
export function readClaims(raw: Record<string, unknown>): NhsLoginClaims | null {
  const gp = raw.gp_registration_details as { gp_ods_code?: unknown } | undefined;
  const parsed = NhsLoginClaimsSchema.safeParse({
    sub: raw.sub,
    level: levelFromVot(raw.vot),
    nhsNumber: typeof raw.nhs_number === "string" ? raw.nhs_number.replace(/\s/g, "") : null,
    givenName: raw.given_name,
    familyName: raw.family_name,
    birthdate: typeof raw.birthdate === "string" ? raw.birthdate : null,
    email: raw.email,
    phone: typeof raw.phone_number === "string" ? raw.phone_number : null,
    odsCode: typeof gp?.gp_ods_code === "string" ? gp.gp_ods_code.toUpperCase() : null,
  });
  return parsed.success ? parsed.data : null;
}
