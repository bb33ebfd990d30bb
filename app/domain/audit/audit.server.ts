/**
 * Audit rows: who did what, when. Staff access to patient data is always recorded; so is
 * every failed sign-in. `detail` must never hold names, NHS numbers, answers or tokens.
 */
import type { Db } from "~/db/client.server";
import { auditEvents } from "~/db/schema";

export type AuditEntry = {
  actorUserId?: number | null;
  practiceId?: number | null;
  action: string;
  subjectType?: string;
  subjectId?: string | number;
  detail?: Record<string, string | number | boolean | null>;
  at?: Date;
};

export async function audit(db: Db, entry: AuditEntry) {
  await db.insert(auditEvents).values({
    actorUserId: entry.actorUserId ?? null,
    practiceId: entry.practiceId ?? null,
    action: entry.action,
    subjectType: entry.subjectType ?? null,
    subjectId: entry.subjectId === undefined ? null : String(entry.subjectId),
    detail: entry.detail ?? null,
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}
