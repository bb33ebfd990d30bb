/**
 * Demo requests so the staff inboxes have something in them on a fresh `npm start`: a spread
 * of open, assigned, awaiting-reply, completed and rejected requests at Riverside, and a few at
 * Hillside so the GP of both sees two practices in the federated inbox (`/all/inbox`), counted
 * in the inbox counters as real submissions are.
 */
import { answers, entryEvents, entryMessages, patientEntries } from "./schema";
import { applyNewRequestsToInboxes, inboxStateColumns } from "~/domain/inbox/counters.server";
import type { Tx } from "./client.server";
import { indexRequestsText } from "~/domain/requests/request-text.server";


type DemoRequest = {
  issueTypeId: number;
  answers: Record<number, string | string[]>;
  hoursAgo: number;
  stage?: "submitted" | "completed" | "rejected";
  assignee?: "gp" | "reception";
  awaiting?: string;
  urgencyId?: number;
};

const REQUESTS: DemoRequest[] = [
  { issueTypeId: 1, hoursAgo: 1, urgencyId: 2, answers: { 1: ["none"], 2: "A rash on my forearm that has spread over two days. It is itchy and a bit warm.", 3: "2026-11-19", 4: "yes", 5: "4", 6: "none" } },
  { issueTypeId: 4, hoursAgo: 3, answers: { 31: "fit_note", 32: "I need a fit note for work from 16 to 27 November after my knee operation." } },
  { issueTypeId: 3, hoursAgo: 5, assignee: "gp", answers: { 21: ["none"], 22: "Amlodipine 5mg", 23: "side_effects", 24: "My ankles have been swollen since I started it." } },
  { issueTypeId: 2, hoursAgo: 20, assignee: "gp", awaiting: "Thank you. Could you tell us your last three blood pressure readings?", answers: { 11: ["none"], 12: "High blood pressure", 13: "My home readings have been higher this week.", 14: "yes" } },
  { issueTypeId: 4, hoursAgo: 26, assignee: "reception", answers: { 31: "test_results", 32: "Blood test results from last Tuesday, please." } },
  { issueTypeId: 4, hoursAgo: 30, answers: { 31: "letter", 32: "A letter confirming my asthma diagnosis for my new school." } },
  { issueTypeId: 1, hoursAgo: 50, stage: "completed", assignee: "gp", answers: { 1: ["none"], 2: "Earache in my left ear for three days.", 3: "2026-11-16", 4: "no", 5: "3", 6: "earache" } },
  { issueTypeId: 4, hoursAgo: 70, stage: "rejected", answers: { 31: "other", 32: "Sent twice by mistake, please ignore." } },
  { issueTypeId: 2, hoursAgo: 90, stage: "completed", assignee: "reception", answers: { 11: ["none"], 12: "Asthma", 13: "I need a new inhaler review appointment.", 14: "yes" } },
];

/** Hillside's: its only staff member is the GP of both practices. */
export const HILLSIDE_REQUESTS: DemoRequest[] = [
  { issueTypeId: 4, hoursAgo: 2, answers: { 31: "letter", 32: "A letter for my insurer about my back pain, please." } },
  { issueTypeId: 3, hoursAgo: 8, assignee: "gp", urgencyId: 2, answers: { 21: ["none"], 22: "Sertraline 50mg", 23: "side_effects", 24: "I have felt sick every morning since the dose went up." } },
  { issueTypeId: 2, hoursAgo: 60, stage: "completed", assignee: "gp", answers: { 11: ["none"], 12: "Type 2 diabetes", 13: "My annual review is overdue.", 14: "yes" } },
];

/**
 * Writes the requests in a few statements (one per table, not one per row: the demo seed runs
 * on every first start, and on PGlite each statement is a round trip through the WASM engine).
 */
export async function seedDemoRequests(
  tx: Tx,
  input: { practiceId: number; patientIds: number[]; userIdFor: (patientId: number) => number; gpId: number; receptionId: number | null; requests?: DemoRequest[] },
) {
  const now = Date.now();
  const requests = (input.requests ?? REQUESTS).map((r, i) => {
    const patientId = input.patientIds[i % input.patientIds.length];
    const at = new Date(now - r.hoursAgo * 3_600_000);
    const assignedToId = r.assignee === "gp" ? input.gpId : r.assignee === "reception" ? input.receptionId : null;
    return { r, at, assignedToId, patientId };
  });
  if (requests.length === 0) return;
  const entries = await tx
    .insert(patientEntries)
    .values(
      requests.map(({ r, at, assignedToId, patientId }) => ({
        practiceId: input.practiceId,
        patientId,
        createdByUserId: input.userIdFor(patientId),
        requester: "staff" as const,
        issueTypeId: r.issueTypeId,
        stage: r.stage ?? "submitted",
        awaitingPatientReply: Boolean(r.awaiting),
        startedAt: new Date(at.getTime() - 10 * 60_000),
        submittedAt: at,
        closedAt: r.stage && r.stage !== "submitted" ? new Date(at.getTime() + 3_600_000) : null,
        urgencyId: r.urgencyId ?? null,
        assignedToId,
        createdAt: at,
      })),
    )
    .returning(inboxStateColumns);
  await tx.insert(answers).values(
    requests.flatMap(({ r, at }, i) =>
      Object.entries(r.answers).map(([questionId, answer]) => ({ patientEntryId: entries[i].id, questionId: Number(questionId), answer, createdAt: at, updatedAt: at })),
    ),
  );
  await indexRequestsText(tx, entries.map((e) => e.id));
  await tx.insert(entryEvents).values(requests.map(({ at }, i) => ({ patientEntryId: entries[i].id, kind: "submitted" as const, createdAt: at })));
  const replies = requests.flatMap(({ r, at, assignedToId }, i) =>
    r.awaiting ? [{ patientEntryId: entries[i].id, authorUserId: assignedToId, authorRole: "staff" as const, body: r.awaiting, createdAt: new Date(at.getTime() + 1_800_000) }] : [],
  );
  if (replies.length > 0) await tx.insert(entryMessages).values(replies);
  await applyNewRequestsToInboxes(tx, input.practiceId, entries);
}
