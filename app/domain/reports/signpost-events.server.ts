/**
 * Pharmacy First links as the reports count them (issue "reports", docs/decisions/0092): a link
 * is "shown" when a patient's answer brings up a signposting rule's page (once per request and
 * rule, however often the page is seen again), and "clicked" each time the patient follows the
 * service link through the counted redirect (/{code}/signposted/service). Only the request and
 * the rule are kept, no personal data.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

/** Records that the rule's link was offered on this request (a second call for the same pair adds nothing). */
export async function recordSignpostShown(db: Db, entryId: number, ruleId: number, at: Date): Promise<void> {
  await db.execute(sql`
    insert into signpost_events (practice_id, patient_entry_id, signpost_rule_id, kind, created_at)
    select pe.practice_id, pe.id, ${ruleId}, 'shown', ${at.toISOString()}::timestamptz
    from patient_entries pe
    where pe.id = ${entryId}
      and not exists (select 1 from signpost_events se where se.patient_entry_id = pe.id and se.signpost_rule_id = ${ruleId} and se.kind = 'shown')`);
}

/** Records a click on the rule's service link from this request. */
export async function recordSignpostClick(db: Db, input: { practiceId: number; entryId: number; ruleId: number; at: Date }): Promise<void> {
  await db.execute(sql`
    insert into signpost_events (practice_id, patient_entry_id, signpost_rule_id, kind, created_at)
    values (${input.practiceId}, ${input.entryId}, ${input.ruleId}, 'clicked', ${input.at.toISOString()}::timestamptz)`);
}
