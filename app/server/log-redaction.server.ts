/**
 * Logs never carry personal data (DESIGN.md), whoever writes them: a failed query's message and
 * parameters, an error from a library, a value someone logged by mistake. Every log line passes
 * through here: e-mail addresses, NHS numbers (10 digits), UK phone numbers, dates and a
 * database error's "params"/"parameters"/"detail" are masked. Paths are logged without their
 * query strings and tokens elsewhere (http.server.ts).
 */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// 10 digits (NHS number, spaced or not), and UK phone numbers (+44 or 0, then 9–10 digits).
const NHS_NUMBER = /\b\d{3}[ -]?\d{3}[ -]?\d{4}\b/g;
const PHONE = /(?:\+44\s?|\b0)(?:\d[\s-]?){9,10}\b/g;
// Dates of birth as ISO or DD/MM/YYYY.
const DATE = /\b(?:\d{4}-\d{2}-\d{2}|\d{2}\/\d{2}\/\d{4})\b/g;
/** Keys whose whole value is personal or may be (a query's parameters, what was typed). */
const SECRET_KEYS = /^(params|parameters|values|detail|where|email|firstName|lastName|name|nhsNumber|dateOfBirth|mobile|phone|postcode|answer|body|text|token|password|cookie|authorization)$/i;

export const REDACTED = "[redacted]";

export function redactText(text: string): string {
  return text.replace(EMAIL, "[email]").replace(NHS_NUMBER, "[number]").replace(PHONE, "[phone]").replace(DATE, "[date]");
}

export function redactLogValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactText(value);
  if (depth > 6 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => redactLogValue(v, depth + 1));
  if (value instanceof Error) {
    return { type: value.name, message: redactText(value.message), code: (value as { code?: unknown }).code, stack: value.stack ? redactText(value.stack) : undefined };
  }
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = SECRET_KEYS.test(key) ? REDACTED : redactLogValue(v, depth + 1);
  return out;
}
