/**
 * Staff changes to a request, each in one transaction: lock the row, check the version the
 * staff member saw (optimistic concurrency: two people on one request never lose an update;
 * the second is told and shown the current state), apply the rule from transitions.ts, move
 * the inbox counters, and write the request's history and the audit trail.
 */
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db, Tx } from "~/db/client.server";
import { entryEvents, entryMessages, patientEntries, practiceMemberships } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { entryColumns, type PatientEntry } from "~/domain/requests/entries.server";
import { applyInboxChange } from "./counters.server";
import { applyCommand, HANDLING_MESSAGES, type Command } from "./transitions";


export type Actor = { userId: number; practiceId: number };

export type ChangeResult =
  | { status: "ok"; entry: PatientEntry }
  | { status: "not_found" }
  | { status: "conflict"; entry: PatientEntry; message: string }
  | { status: "refused"; entry: PatientEntry; message: string };

/** The staff event kinds recorded in entry_events (and shown in the history). */
export type EventKind = Command["kind"] | "viewed" | "comment" | "action_added" | "action_completed" | "submitted" | "filed";

async function lockEntry(tx: Tx, practiceId: number, entryId: number): Promise<PatientEntry | null> {
  const [entry] = await tx
    .select(entryColumns)
    .from(patientEntries)
    .where(and(eq(patientEntries.id, entryId), eq(patientEntries.practiceId, practiceId)))
    .for("update")
    .limit(1);
  return entry ?? null;
}

/**
 * Applies a command if the request is still at `version`. `extra` runs inside the same
 * transaction after the change (for example to write the reply message).
 */
export async function changeRequest(
  context: Pick<AppContext, "db" | "clock">,
  actor: Actor,
  input: { entryId: number; version: number | null; command: Command; detail?: Record<string, unknown> },
  extra?: (tx: Tx, entry: PatientEntry) => Promise<void>,
): Promise<ChangeResult> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const before = await lockEntry(tx, actor.practiceId, input.entryId);
    if (!before || before.stage === "created" || (before.deletedAt && input.command.kind !== "delete")) return { status: "not_found" };
    if (input.version !== null && before.version !== input.version) {
      return { status: "conflict", entry: before, message: HANDLING_MESSAGES.conflict };
    }
    const outcome = applyCommand(before, input.command, now);
    if (!outcome.ok) return { status: "refused", entry: before, message: outcome.message };
    const [after] = await tx
      .update(patientEntries)
      .set({ ...outcome.patch, version: sql`${patientEntries.version} + 1`, updatedAt: now })
      .where(eq(patientEntries.id, before.id))
      .returning(entryColumns);
    await applyInboxChange(tx, actor.practiceId, before, after);
    const detail = { ...input.detail, ...undoState(before, input.command) };
    await tx.insert(entryEvents).values({ patientEntryId: before.id, actorUserId: actor.userId, kind: input.command.kind, detail, createdAt: now });
    await audit(tx as unknown as Db, {
      actorUserId: actor.userId,
      practiceId: actor.practiceId,
      action: `request.${input.command.kind}`,
      subjectType: "patient_entry",
      subjectId: before.id,
      at: now,
    });
    if (extra) await extra(tx, after);
    return { status: "ok", entry: after };
  });
}

/** What undo needs to put back: kept on the completion/rejection event. */
function undoState(before: PatientEntry, command: Command) {
  // The urgency chosen, for the report's triage decisions (issue "reports", decision 0092).
  if (command.kind === "urgency") return { urgencyId: command.urgencyId };
  if (command.kind !== "complete" && command.kind !== "reject") return {};
  return { previous: { assignedToId: before.assignedToId, awaitingPatientReply: before.awaitingPatientReply } };
}

/** The state to restore on undo: from the latest completion or rejection event. */
export async function undoTarget(db: Db, entryId: number): Promise<{ assignedToId: number | null; awaitingPatientReply: boolean }> {
  const [event] = await db
    .select({ detail: entryEvents.detail })
    .from(entryEvents)
    .where(and(eq(entryEvents.patientEntryId, entryId), sql`${entryEvents.kind} in ('complete', 'reject')`))
    .orderBy(sql`${entryEvents.id} desc`)
    .limit(1);
  const previous = (event?.detail as { previous?: { assignedToId: number | null; awaitingPatientReply: boolean } } | null)?.previous;
  return previous ?? { assignedToId: null, awaitingPatientReply: false };
}

/** Whether the user may be assigned requests at the practice (a GP or receptionist there). */
export async function isStaffMember(db: Db, practiceId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: practiceMemberships.userId })
    .from(practiceMemberships)
    .where(
      and(
        eq(practiceMemberships.practiceId, practiceId),
        eq(practiceMemberships.userId, userId),
        sql`${practiceMemberships.role} in ('gp', 'receptionist')`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Writes the practice's message into the conversation (inside the reply's transaction). */
export async function insertPracticeMessage(tx: Tx, entryId: number, staffUserId: number, body: string, now: Date) {
  const [message] = await tx
    .insert(entryMessages)
    .values({ patientEntryId: entryId, authorUserId: staffUserId, authorRole: "staff", body, createdAt: now })
    .returning();
  return message;
}

