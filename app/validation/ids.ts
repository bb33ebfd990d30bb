import * as z from "zod";

/**
 * Ids in URLs and forms: database serials, so positive 32-bit integers written in digits.
 * Anything else (signs, spaces, exponents, leading zeros beyond one digit, 2^31 and past) is
 * not an id, and a route answers it as not found (path) or a 400 (form), never a database
 * error.
 */
export const MAX_ID = 2_147_483_647;

export function parseId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= MAX_ID ? n : null;
}

export function isId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0 && value <= MAX_ID;
}


/** A form field holding an id: digits naming a positive 32-bit integer, or the message. */
export function idField(message: string) {
  return z
    .string({ error: message })
    .trim()
    .refine((v) => parseId(v) !== null, message)
    .transform((v) => Number(v));
}

/** A non-negative 32-bit counter sent back by a form (a version): anything else is the message. */
export function counterField(message: string) {
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(0, message)
    .max(MAX_ID, message);
}
