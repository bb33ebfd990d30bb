/**
 * Dates of birth from the three-field date input (day, month, year), as the NHS.UK
 * service manual asks: each part checked, then the whole, with messages that say which.
 */
export type DateParts = { day?: string; month?: string; year?: string };
export type DateResult = { ok: true; iso: string } | { ok: false; message: string; field: "day" | "month" | "year" };

export function parseDateOfBirth(parts: DateParts, today: Date, maximumAge = 111): DateResult {
  const day = (parts.day ?? "").trim();
  const month = (parts.month ?? "").trim();
  const year = (parts.year ?? "").trim();
  if (!day && !month && !year) return { ok: false, message: "Enter your date of birth", field: "day" };
  if (!day) return { ok: false, message: "Date of birth must include a day", field: "day" };
  if (!month) return { ok: false, message: "Date of birth must include a month", field: "month" };
  if (!year) return { ok: false, message: "Date of birth must include a year", field: "year" };
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) {
    return { ok: false, message: "Date of birth must be a real date", field: /^\d{4}$/.test(year) ? "day" : "year" };
  }
  const d = Number(day);
  const m = Number(month);
  const y = Number(year);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return { ok: false, message: "Date of birth must be a real date", field: "day" };
  }
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (date.getTime() > todayUtc) return { ok: false, message: "Date of birth must be in the past", field: "day" };
  if (ageOn(date, today) > maximumAge) {
    return { ok: false, message: `Date of birth must be within the last ${maximumAge} years`, field: "year" };
  }
  return { ok: true, iso: `${year}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}` };
}

export function ageOn(dateOfBirth: Date, today: Date): number {
  let age = today.getUTCFullYear() - dateOfBirth.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < dateOfBirth.getUTCMonth() ||
    (today.getUTCMonth() === dateOfBirth.getUTCMonth() && today.getUTCDate() < dateOfBirth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

/** DD/MM/YYYY, the product's date format (spec 1 §3). */
export function formatDate(iso: string | Date): string {
  const d = typeof iso === "string" ? new Date(`${iso.slice(0, 10)}T00:00:00Z`) : iso;
  return `${String(d.getUTCDate()).padStart(2, "0")}/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${d.getUTCFullYear()}`;
}
