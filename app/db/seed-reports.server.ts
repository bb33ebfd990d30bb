/**
 * Demo history for the reports (issue "reports"): a year of completed requests at a practice,
 * spread over types, hours, weekdays, who sent them and how fast they were answered, and some
 * patient feedback and friends and family test answers. Deterministic (a fixed pseudo-random
 * sequence), all before the seed's "now", so the rollup counts them on its first refresh.
 */
import { applyInboxChange } from "~/domain/inbox/counters.server";
import type { Tx } from "./client.server";
import { entryEvents, entryMessages, fftResponses, patientEntries, patientFeedback } from "./schema";

const COMMENTS = [
  "The receptionist called me back within the hour. Very helpful.",
  "Easy to send my request, but I waited two days for an answer.",
  "=HYPERLINK(\"http://example.com\") should never run in a spreadsheet",
  null,
  "Quick and kind. Thank you.",
];
const FFT = ["very_good", "very_good", "good", "neither", "poor", "very_good", "good", "dont_know", "very_poor", "good"];

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
    const [entry] = await tx
      .insert(patientEntries)
      .values({
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
      })
      .returning();
    await tx.insert(entryEvents).values({ patientEntryId: entry!.id, kind: "submitted", createdAt: at });
    await tx.insert(entryMessages).values({
      patientEntryId: entry!.id,
      authorUserId: input.staffId,
      authorRole: "staff",
      body: "Thank you for your request. We have dealt with it.",
      createdAt: new Date(at.getTime() + answeredAfter),
    });
    await applyInboxChange(tx, input.practiceId, null, entry!);
  }
  for (let i = 0; i < 25; i++) {
    await tx.insert(patientFeedback).values({
      practiceId: input.practiceId,
      userId: i % 3 === 0 ? input.feedbackUserId : null,
      feedbackFor: i % 4 === 3 ? "frontdoor" : "practice",
      rating: 1 + Math.floor(rand() * 5),
      comment: COMMENTS[i % COMMENTS.length],
      mayContact: i % 2 === 0,
      createdAt: new Date(now - (2 + i * 9) * 86_400_000),
    });
  }
  for (let i = 0; i < FFT.length; i++) {
    await tx.insert(fftResponses).values({
      practiceId: input.practiceId,
      answer: FFT[i]!,
      reason: i % 2 === 0 ? "Seen on time and listened to." : null,
      createdAt: new Date(now - (3 + i * 20) * 86_400_000),
    });
  }
}
