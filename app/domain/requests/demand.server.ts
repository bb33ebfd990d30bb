/** Loads what `decideDemand` needs for a practice, and keeps the daily counter in step. */
import { and, asc, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { exceptionalClosures, globalSettings, patientEntries, practiceDailySubmissions } from "~/db/schema";
import { getOpeningHours, type Practice } from "~/domain/practices/practices.server";
import { decideDemand, londonDate, type DemandDecision } from "./demand";
import { REQUEST_TIMEOUT_MS } from "./request-timer";

export async function requestDemand(db: Db, practice: Practice, now: Date): Promise<DemandDecision> {
  const day = londonDate(now);
  const [hours, [settings], [daily], [ongoing], closures] = await Promise.all([
    getOpeningHours(db, practice.id),
    db.select({ start: globalSettings.allowedTimeStart, end: globalSettings.allowedTimeEnd }).from(globalSettings).limit(1),
    db
      .select({ submitted: practiceDailySubmissions.submitted })
      .from(practiceDailySubmissions)
      .where(and(eq(practiceDailySubmissions.practiceId, practice.id), eq(practiceDailySubmissions.day, day))),
    practice.dailyRequestLimit === null
      ? Promise.resolve([{ n: 0 }])
      : db
          .select({ n: count() })
          .from(patientEntries)
          .where(
            and(
              eq(patientEntries.practiceId, practice.id),
              eq(patientEntries.stage, "created"),
              gt(patientEntries.startedAt, new Date(now.getTime() - REQUEST_TIMEOUT_MS)),
            ),
          ),
    openClosures(db, practice.id, now),
  ]);
  return decideDemand(
    {
      hours,
      inOpeningHoursOnly: practice.requestsInOpeningHoursOnly,
      allowedTimeStart: settings?.start ?? null,
      allowedTimeEnd: settings?.end ?? null,
      closedOn: practice.requestsClosedOn,
      dailyLimit: practice.dailyRequestLimit,
      coreHoursCompliance: practice.coreHoursCompliance,
      closures,
    },
    { submittedToday: daily?.submitted ?? 0, ongoingDrafts: ongoing?.n ?? 0 },
    now,
  );
}

/** Counts one submission for the practice's day (inside the submitting transaction). */
export async function countSubmission(db: Db, practiceId: number, now: Date): Promise<void> {
  await db
    .insert(practiceDailySubmissions)
    .values({ practiceId, day: londonDate(now), submitted: 1 })
    .onConflictDoUpdate({
      target: [practiceDailySubmissions.practiceId, practiceDailySubmissions.day],
      set: { submitted: sql`${practiceDailySubmissions.submitted} + 1` },
    });
}

/** The practice's exceptional closures that are not over and not cancelled, soonest first. */
export async function openClosures(db: Db, practiceId: number, now: Date) {
  return db
    .select({
      startsAt: exceptionalClosures.startsAt,
      endsAt: exceptionalClosures.endsAt,
      cancelledAt: exceptionalClosures.cancelledAt,
      alternative: exceptionalClosures.alternative,
    })
    .from(exceptionalClosures)
    .where(and(eq(exceptionalClosures.practiceId, practiceId), isNull(exceptionalClosures.cancelledAt), gt(exceptionalClosures.endsAt, now)))
    .orderBy(asc(exceptionalClosures.startsAt))
    .limit(50);
}
