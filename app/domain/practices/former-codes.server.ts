/**
 * A practice's former url codes (decision 0152): written in the transaction that changes the
 * code, read only when an address names no practice (the page-not-found path), so a page whose
 * practice is found costs no extra statement.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { practiceFormerUrlCodes, practices } from "~/db/schema";
import { isPracticeCodeShaped } from "./practices.server";

/**
 * The current code of the practice that `code` used to name, or null. A practice whose current
 * code it is wins (its own pages answer, so this is asked only in a race with a rename), and a
 * code of the wrong shape asks nothing.
 */
export async function currentCodeForFormerCode(db: Queryable, code: string): Promise<string | null> {
  if (!isPracticeCodeShaped(code)) return null;
  const lower = code.toLowerCase();
  const [row] = await db
    .select({ urlCode: practices.urlCode })
    .from(practiceFormerUrlCodes)
    .innerJoin(practices, eq(practices.id, practiceFormerUrlCodes.practiceId))
    .where(
      and(
        sql`lower(${practiceFormerUrlCodes.urlCode}) = ${lower}`,
        sql`not exists (select 1 from ${practices} taken where lower(taken.url_code) = ${lower})`,
      ),
    )
    .limit(1);
  return row?.urlCode ?? null;
}

/**
 * A practice now goes by `code`: no former code of any practice still points elsewhere under it
 * (a practice taking back its own former code, or another practice's: current codes win).
 */
export async function takeUrlCode(tx: Queryable, code: string): Promise<void> {
  await tx.delete(practiceFormerUrlCodes).where(sql`lower(${practiceFormerUrlCodes.urlCode}) = ${code.toLowerCase()}`);
}

/**
 * The practice changed its code from `from` to `to`, in the caller's transaction: `to` is taken
 * and `from` is remembered. A change of case only is no change of address. Should `from` still
 * be remembered for another practice (it held it before this one), the latest holder wins.
 */
export async function recordUrlCodeChange(tx: Queryable, practiceId: number, from: string, to: string, at: Date): Promise<void> {
  if (from.toLowerCase() === to.toLowerCase()) return;
  await takeUrlCode(tx, to);
  await tx.execute(sql`
    insert into ${practiceFormerUrlCodes} (practice_id, url_code, replaced_at)
    values (${practiceId}, ${from}, ${at.toISOString()})
    on conflict (lower(url_code)) do update set practice_id = excluded.practice_id, url_code = excluded.url_code, replaced_at = excluded.replaced_at`);
}
