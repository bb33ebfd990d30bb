/**
 * Demo history for the reports (issue "reports"): a year of completed requests at a practice,
 * spread over types, hours, weekdays, who sent them and how fast they were answered, and some
 * patient feedback and friends and family test answers. Deterministic (a fixed pseudo-random
 * sequence), all before the seed's "now", so the rollup counts them on its first refresh.
 */
import { applyNewRequestsToInboxes, inboxStateColumns } from "~/domain/inbox/counters.server";
import type { Tx } from "./client.server";
import { and, asc, eq, ilike } from "drizzle-orm";
import { entryEvents, entryMessages, fftResponses, gpSessions, gpSlots, patientEntries, patientFeedback, signpostEvents, signpostingRules } from "./schema";

const COMMENTS = [
  "The receptionist called me back within the hour. Very helpful.",
  "Easy to send my request, but I waited two days for an answer.",
  "=HYPERLINK(\"http://example.com\") should never run in a spreadsheet",
  null,
  "Quick and kind. Thank you.",
];
const FFT = ["very_good", "very_good", "good", "neither", "poor", "very_good", "good", "dont_know", "very_poor", "good"];

/**
 * The rows are made in memory in the order the history reads (the same pseudo-random sequence
 * as ever), then written with one statement per table: the demo seed runs on every first start,
 * and a statement per row was over a thousand round trips through PGlite.
 */
export async function seedDemoReportHistory(
  tx: Tx,
  input: { practiceId: number; patientIds: number[]; feedbackUserId: number | null; staffId: number; count: number; seed: number },
) {
  let state = input.seed;
  const rand = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const now = Date.now();
  const ruleIds = (await tx.select({ id: signpostingRules.id }).from(signpostingRules).orderBy(asc(signpostingRules.id))).map((r) => r.id);
  const requests: { entry: typeof patientEntries.$inferInsert; at: Date; answeredAfter: number }[] = [];
  for (let i = 0; i < input.count; i++) {
    const daysAgo = 6 + Math.floor(rand() * 355);
    // Mostly in the working day, some in the evening and at night.
    const hour = rand() < 0.8 ? 8 + Math.floor(rand() * 10) : Math.floor(rand() * 24);
    const at = new Date(now - daysAgo * 86_400_000);
    at.setUTCHours(hour, Math.floor(rand() * 60), 0, 0);
    const r = rand();
    const requester = r < 0.7 ? "myself" : r < 0.85 ? "dependent" : "staff";
    const via = requester === "myself" && rand() < 0.3 ? "nhs_app" : "web";
    const answeredAfter = [10, 25, 50, 100, 200, 400, 1000, 2000, 4000, 9000][Math.floor(rand() * 10)]! * 60_000;
    requests.push({
      at,
      answeredAfter,
      entry: {
        practiceId: input.practiceId,
        patientId: input.patientIds[i % input.patientIds.length]!,
        createdByUserId: input.staffId,
        requester,
        submittedVia: via,
        issueTypeId: 1 + Math.floor(rand() * 4),
        stage: "completed",
        startedAt: new Date(at.getTime() - 5 * 60_000),
        submittedAt: at,
        closedAt: new Date(at.getTime() + answeredAfter + 3_600_000),
        assignedToId: input.staffId,
        createdAt: at,
      },
    });
  }
  const entries = requests.length ? await tx.insert(patientEntries).values(requests.map((r) => r.entry)).returning(inboxStateColumns) : [];
  const events: (typeof entryEvents.$inferInsert)[] = [];
  const signposts: (typeof signpostEvents.$inferInsert)[] = [];
  requests.forEach(({ at, answeredAfter }, i) => {
    const entryId = entries[i]!.id;
    events.push({ patientEntryId: entryId, kind: "submitted", createdAt: at });
    // The staff's triage decisions (urgency for two in three, then completing it) and, for one
    // in five, a Pharmacy First link shown before it was sent (clicked one time in two).
    const decided = new Date(at.getTime() + Math.min(answeredAfter, 600_000));
    if (i % 3 !== 2) events.push({ patientEntryId: entryId, actorUserId: input.staffId, kind: "urgency", detail: { urgencyId: 1 + (i % 3 === 0 ? 0 : i % 7 === 1 ? 2 : 1) }, createdAt: decided });
    events.push({ patientEntryId: entryId, actorUserId: input.staffId, kind: "complete", detail: {}, createdAt: new Date(at.getTime() + answeredAfter + 3_600_000) });
    if (i % 5 === 0 && ruleIds.length) {
      const ruleId = ruleIds[(i / 5) % ruleIds.length]!;
      const shown = new Date(at.getTime() - 120_000);
      signposts.push({ practiceId: input.practiceId, patientEntryId: entryId, signpostRuleId: ruleId, kind: "shown", createdAt: shown });
      if (i % 10 === 0) signposts.push({ practiceId: input.practiceId, patientEntryId: entryId, signpostRuleId: ruleId, kind: "clicked", createdAt: new Date(shown.getTime() + 30_000) });
    }
  });
  if (events.length) await tx.insert(entryEvents).values(events);
  if (signposts.length) await tx.insert(signpostEvents).values(signposts);
  if (entries.length) {
    await tx.insert(entryMessages).values(
      requests.map(({ at, answeredAfter }, i) => ({
        patientEntryId: entries[i]!.id,
        authorUserId: input.staffId,
        authorRole: "staff" as const,
        body: "Thank you for your request. We have dealt with it.",
        createdAt: new Date(at.getTime() + answeredAfter),
      })),
    );
  }
  await applyNewRequestsToInboxes(tx, input.practiceId, entries);
  const feedback: (typeof patientFeedback.$inferInsert)[] = [];
  for (let i = 0; i < 25; i++) {
    feedback.push({
      practiceId: input.practiceId,
      userId: i % 3 === 0 ? input.feedbackUserId : null,
      feedbackFor: i % 4 === 3 ? "frontdoor" : "practice",
      rating: 1 + Math.floor(rand() * 5),
      comment: COMMENTS[i % COMMENTS.length],
      mayContact: i % 2 === 0,
      createdAt: new Date(now - (2 + i * 9) * 86_400_000),
    });
  }
  await tx.insert(patientFeedback).values(feedback);
  await tx.insert(fftResponses).values(
    FFT.map((answer, i) => ({
      practiceId: input.practiceId,
      answer,
      reason: i % 2 === 0 ? "Seen on time and listened to." : null,
      createdAt: new Date(now - (3 + i * 20) * 86_400_000),
    })),
  );
}

/**
 * Demo telephone appointments for the reports' telephone sections: booked slots of the practice's
 * telephone session over the past year (run after seedGpSystem, which makes the sessions).
 */
export async function seedDemoTelephoneHistory(tx: Tx, input: { practiceId: number; patientIds: number[]; count: number }) {
  const [session] = await tx
    .select({ id: gpSessions.id })
    .from(gpSessions)
    .where(and(eq(gpSessions.practiceId, input.practiceId), ilike(gpSessions.name, "%telephone%")))
    .limit(1);
  if (!session || input.patientIds.length === 0) return;
  const now = Date.now();
  const slots: (typeof gpSlots.$inferInsert)[] = [];
  for (let i = 0; i < input.count; i++) {
    const start = new Date(now - (3 + ((i * 37) % 350)) * 86_400_000);
    // Morning and afternoon lists, 10-minute calls.
    start.setUTCHours([9, 10, 11, 14, 15, 16][i % 6]!, (i % 6) * 10, 0, 0);
    slots.push({
      sessionId: session.id,
      practiceId: input.practiceId,
      startTime: start,
      endTime: new Date(start.getTime() + 600_000),
      slotType: "Telephone",
      bookedByPatientId: input.patientIds[i % input.patientIds.length]!,
      bookedAt: new Date(start.getTime() - 2 * 86_400_000),
      bookingMethod: "Telephone",
    });
  }
  if (slots.length) await tx.insert(gpSlots).values(slots);
}
