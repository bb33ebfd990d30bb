/**
 * GOV.UK Notify's delivery receipts (decision 0129): Notify posts JSON to our callback URL with a
 * bearer token we chose, for each message it finished with. A receipt names our reference (the
 * recipient row's idempotency key, which every bulk send gives Notify), so it moves that row to
 * delivered or failed and the message's progress counts follow. A receipt for anything else (a
 * password-reset e-mail, an old message, a reference we never sent) changes nothing: Notify is
 * answered 200 all the same, as it retries anything else.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import * as z from "zod";
import type { Db } from "~/db/client.server";
import { recordReceipt } from "./sender.server";

export const FINAL_STATUSES = ["delivered", "permanent-failure", "temporary-failure", "technical-failure"] as const;

/** Notify's callback body (its documented fields; only id and status are always there). */
export const NotifyReceiptSchema = z.object({
  id: z.string().min(1).max(100),
  reference: z.string().max(1000).nullable().optional(),
  to: z.string().max(1000).optional(),
  status: z.string().min(1).max(50),
  created_at: z.string().max(64).optional(),
  completed_at: z.string().max(64).nullable().optional(),
  sent_at: z.string().max(64).nullable().optional(),
  notification_type: z.enum(["email", "sms", "letter"]).optional(),
});
export type NotifyReceipt = z.infer<typeof NotifyReceiptSchema>;

/** Whether the presented token is the configured one, in constant time (hashes compared: equal length). */
export function callbackTokenMatches(presented: string | null, configured: string | undefined): boolean {
  if (!presented || !configured) return false;
  const digest = (v: string) => createHash("sha256").update(v, "utf8").digest();
  return timingSafeEqual(digest(presented), digest(configured));
}

/** The receipt's time: when Notify completed it, else now. */
function receiptTime(receipt: NotifyReceipt, now: Date): Date {
  const at = receipt.completed_at ? new Date(receipt.completed_at) : null;
  return at && !Number.isNaN(at.getTime()) ? at : now;
}

export type ReceiptOutcome = "recorded" | "ignored";

export async function applyReceipt(db: Db, receipt: NotifyReceipt, now: Date): Promise<ReceiptOutcome> {
  const status = (FINAL_STATUSES as readonly string[]).includes(receipt.status) ? (receipt.status as (typeof FINAL_STATUSES)[number]) : null;
  if (!status || !receipt.reference || !/^bm\d+-p\d+-[a-z_]+$/.test(receipt.reference)) return "ignored";
  return (await recordReceipt(db, receipt.reference, status, receiptTime(receipt, now))) ? "recorded" : "ignored";
}
