/** Practice lookups by practice code (url_code), case-insensitively as typed in URLs. */
import { asc, eq, sql, type Placeholder } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { preparedOnce } from "~/db/prepared.server";
import { openingHours, practices } from "~/db/schema";
import { DEFAULT_OPENING_HOURS, WEEKDAYS, type OpeningDay } from "./opening-hours";

/** Codes that name a feature, not a practice (spec 1 §9). */
export const SPECIAL_PRACTICE_CODES = new Set(["all", "aitesting"]);

export async function listPublicPractices(db: Db) {
  return db
    .select({ name: practices.name, urlCode: practices.urlCode })
    .from(practices)
    .where(sql`lower(${practices.urlCode}) not in ('all', 'aitesting')`)
    .orderBy(asc(practices.name))
    .limit(50);
}

/** A practice's URL code is letters and digits: anything else names no practice, without a query. */
export const isPracticeCodeShaped = (code: string) => /^[A-Za-z0-9]+$/.test(code);

/** URL codes match whatever their case; `code` is given in lower case. */
export const practiceCodeIs = (code: Placeholder) => sql`lower(${practices.urlCode}) = ${code}`;

export async function findPracticeByCode(db: Db, code: string) {
  if (!isPracticeCodeShaped(code)) return null;
  const [row] = await preparedOnce(db, "practice_by_code", (db) =>
    db
      .select()
      .from(practices)
      .where(practiceCodeIs(sql.placeholder("code")))
      .limit(1),
  ).execute({ code: code.toLowerCase() });
  return row ?? null;
}

export type Practice = NonNullable<Awaited<ReturnType<typeof findPracticeByCode>>>;

export async function getOpeningHours(db: Db, practiceId: number): Promise<OpeningDay[]> {
  const rows = await db.select().from(openingHours).where(eq(openingHours.practiceId, practiceId));
  // A day with no row follows the default: Monday to Friday open, weekend closed (spec 3 §3).
  return WEEKDAYS.map((day) => {
    const row = rows.find((r) => r.day === day);
    if (!row) return DEFAULT_OPENING_HOURS.find((d) => d.day === day)!;
    return {
      day,
      closed: row.closed,
      opens: row.closed ? null : (row.localOpeningTime?.slice(0, 5) ?? null),
      closes: row.closed ? null : (row.localClosingTime?.slice(0, 5) ?? null),
    };
  });
}
