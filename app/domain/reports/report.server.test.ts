/**
 * Each report section against hand-counted fixtures, through the rollup: requests on both
 * clock-change nights of 2026 (29 March, 25 October), at the core-hours edges, by every kind of
 * sender and age band; first responses by staff message and by closing; a closure, feedback and
 * FFT answers. The rollup is refreshed in two steps to prove it is incremental, and twice to
 * prove a repeat changes nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { entryEvents, entryMessages, exceptionalClosures, fftResponses, gpSessions, gpSlots, issueTypes, patientEntries, patientFeedback, patients, signpostEvents, signpostingRules } from "~/db/schema";
import { recordSignpostClick, recordSignpostShown } from "./signpost-events.server";
import { useTestWorld, makePractice } from "../../../tests/support/world";
import { createUser } from "../../../tests/support/registration-fixtures";
import { reportSections, type ReportScope } from "./report.server";
import { refreshReportRollup, rollupCompleteTo } from "./rollup.server";
import { REPORT_ROLES, sectionTable, type SectionData } from "./sections";
import { asc, sql } from "drizzle-orm";

const world = useTestWorld();
const NOW = "2026-11-25T12:30:00Z";
const PERIOD = { kind: "custom" as const, from: "2026-03-01", to: "2026-11-25" };

let scope: ReportScope;
let compare: ReportScope;
let sections: Map<string, SectionData>;
let typeNames: string[];
let ruleTitles: string[];

type Fixture = { at: string; dob: string; requester?: string; via?: string; type?: number; reply?: string; closed?: string };
const FIXTURES: Fixture[] = [
  // E1 00:30 GMT Sunday 29 March (before the clocks go forward): hour 0.
  { at: "2026-03-29T00:30:00Z", dob: "2010-05-01", type: 1, reply: "2026-03-29T05:00:00Z" },
  // E2 02:30 BST the same night: hour 2 (there is no 01:00 hour that night).
  { at: "2026-03-29T01:30:00Z", dob: "1996-01-01", requester: "dependent", type: 1 },
  // E3, E4: 01:30 BST and 01:30 GMT on 25 October: two UTC hours, both London hour 1.
  { at: "2026-10-25T00:30:00Z", dob: "1996-01-01" },
  { at: "2026-10-25T01:30:00Z", dob: "1996-01-01" },
  // E5 Monday 09:00 GMT through the NHS App, answered in 10 minutes.
  { at: "2026-11-23T09:00:00Z", dob: "1956-06-01", via: "nhs_app", reply: "2026-11-23T09:10:00Z" },
  // E6 Monday 18:30: outside core hours (18:30 is not inside); sent by staff; closed a day later.
  { at: "2026-11-23T18:30:00Z", dob: "1946-01-01", requester: "staff", closed: "2026-11-24T18:30:00Z" },
  // E7 Wednesday 08:59 BST: inside core hours; answered after 2 hours, closed later still.
  { at: "2026-07-01T07:59:00Z", dob: "1976-01-01", reply: "2026-07-01T09:59:00Z", closed: "2026-07-03T10:00:00Z" },
  // E8 in the hour still going on: not counted yet. E9 before the period.
  { at: "2026-11-25T12:10:00Z", dob: "1976-01-01" },
  { at: "2026-02-27T10:00:00Z", dob: "1976-01-01" },
];

beforeAll(async () => {
  const { db, clock } = world.context;
  clock.set(NOW);
  const practice = await makePractice(world.context, { name: "Alpha Surgery" });
  const other = await makePractice(world.context, { name: "Beta Surgery" });
  const staff = await createUser(world.context, { firstName: "Gwen" });
  const entryIds: number[] = [];
  for (const f of FIXTURES) {
    const [patient] = await db
      .insert(patients)
      .values({ practiceId: practice.id, firstName: "Pat", lastName: "Fixture", dateOfBirth: f.dob, createdAt: new Date("2026-11-02T10:00:00Z") })
      .returning();
    const at = new Date(f.at);
    const [entry] = await db
      .insert(patientEntries)
      .values({
        practiceId: practice.id,
        patientId: patient!.id,
        createdByUserId: staff.id,
        requester: f.requester ?? "myself",
        submittedVia: f.via ?? "web",
        issueTypeId: f.type ?? 4,
        stage: "submitted",
        startedAt: at,
        submittedAt: at,
        closedAt: f.closed ? new Date(f.closed) : null,
      })
      .returning();
    entryIds.push(entry!.id);
    if (f.reply) await db.insert(entryMessages).values({ patientEntryId: entry!.id, authorUserId: staff.id, authorRole: "staff", body: "Reply", createdAt: new Date(f.reply) });
    // A patient's own message is not a response.
    await db.insert(entryMessages).values({ patientEntryId: entry!.id, authorRole: "patient", body: "More", createdAt: new Date(at.getTime() + 60_000) });
  }
  const [otherPatient] = await db.insert(patients).values({ practiceId: other.id, firstName: "Bea", lastName: "Other", dateOfBirth: "1980-01-01", createdAt: new Date("2026-01-01T10:00:00Z") }).returning();
  await db.insert(patientEntries).values({
    practiceId: other.id,
    patientId: otherPatient!.id,
    createdByUserId: staff.id,
    issueTypeId: 4,
    stage: "submitted",
    startedAt: new Date("2026-07-10T10:00:00Z"),
    submittedAt: new Date("2026-07-10T10:00:00Z"),
  });
  await db.insert(exceptionalClosures).values([
    { practiceId: practice.id, startsAt: new Date("2026-11-10T09:00:00Z"), endsAt: new Date("2026-11-10T13:00:00Z"), reason: "Training", alternative: "Call 111" },
    { practiceId: practice.id, startsAt: new Date("2026-11-11T09:00:00Z"), endsAt: new Date("2026-11-11T13:00:00Z"), reason: "Cancelled", alternative: "Call 111", cancelledAt: new Date("2026-11-09T09:00:00Z") },
  ]);
  await db.insert(patientFeedback).values([
    { practiceId: practice.id, feedbackFor: "practice", rating: 5, createdAt: new Date("2026-04-01T10:00:00Z") },
    { practiceId: practice.id, feedbackFor: "frontdoor", rating: 5, createdAt: new Date("2026-05-01T10:00:00Z") },
    { practiceId: practice.id, feedbackFor: "practice", rating: 3, createdAt: new Date("2026-11-25T10:00:00Z") },
    { practiceId: practice.id, feedbackFor: "practice", rating: 1, createdAt: new Date("2026-02-01T10:00:00Z") },
  ]);
  await db.insert(fftResponses).values([
    { practiceId: practice.id, answer: "very_good", createdAt: new Date("2026-06-01T10:00:00Z") },
    { practiceId: practice.id, answer: "dont_know", createdAt: new Date("2026-06-02T10:00:00Z") },
  ]);

  // Staff decisions (E = FIXTURES index + 1): counted in the hour they were made.
  const ann = await createUser(world.context, { firstName: "Ann" });
  const [e1, , , , e5, e6, e7, , e9] = entryIds;
  await db.insert(entryEvents).values([
    { patientEntryId: e5!, actorUserId: staff.id, kind: "urgency", detail: { urgencyId: 3 }, createdAt: new Date("2026-11-23T09:05:00Z") },
    { patientEntryId: e7!, actorUserId: staff.id, kind: "urgency", detail: { urgencyId: 1 }, createdAt: new Date("2026-07-01T08:30:00Z") },
    { patientEntryId: e7!, actorUserId: staff.id, kind: "complete", detail: {}, createdAt: new Date("2026-07-03T10:00:00Z") },
    { patientEntryId: e6!, actorUserId: ann.id, kind: "complete", detail: {}, createdAt: new Date("2026-11-24T18:30:00Z") },
    { patientEntryId: e1!, actorUserId: staff.id, kind: "reject", detail: {}, createdAt: new Date("2026-03-29T05:00:00Z") },
    // Not decisions, in the hour still going on, or before the period: not counted.
    { patientEntryId: e5!, actorUserId: staff.id, kind: "assign", detail: {}, createdAt: new Date("2026-11-23T09:06:00Z") },
    { patientEntryId: e5!, actorUserId: ann.id, kind: "complete", detail: {}, createdAt: new Date("2026-11-25T12:15:00Z") },
    { patientEntryId: e9!, actorUserId: ann.id, kind: "cancel", detail: {}, createdAt: new Date("2026-02-27T11:00:00Z") },
  ]);
  // Pharmacy First: shown twice on E5 (counted once), once on E7 for another condition, once
  // before the period; clicked twice on E5; one at another practice.
  const rules = await db.select({ id: signpostingRules.id, title: signpostingRules.title }).from(signpostingRules).orderBy(asc(signpostingRules.id));
  ruleTitles = rules.map((r) => r.title);
  clock.set("2026-11-23T09:01:00Z");
  await recordSignpostShown(db, e5!, rules[0]!.id, clock.now());
  await recordSignpostShown(db, e5!, rules[0]!.id, clock.now());
  await recordSignpostClick(db, { practiceId: practice.id, entryId: e5!, ruleId: rules[0]!.id, at: clock.now() });
  await recordSignpostClick(db, { practiceId: practice.id, entryId: e5!, ruleId: rules[0]!.id, at: clock.now() });
  await recordSignpostShown(db, e7!, rules[2]!.id, new Date("2026-07-01T07:58:00Z"));
  await db.insert(signpostEvents).values([
    { practiceId: practice.id, patientEntryId: e9!, signpostRuleId: rules[1]!.id, kind: "shown", createdAt: new Date("2026-02-27T09:58:00Z") },
    { practiceId: other.id, signpostRuleId: rules[0]!.id, kind: "clicked", createdAt: new Date("2026-07-01T09:00:00Z") },
  ]);
  clock.set(NOW);
  // Telephone appointments: booked ones in the period (14:00 BST and 14:00 GMT, both Tuesdays)
  // count; an unbooked one, a face-to-face one and one before the period do not.
  const [session] = await db.insert(gpSessions).values({ practiceId: practice.id, name: "Telephone clinic", staffName: "Dr Tel" }).returning();
  const [patientForSlots] = await db.select({ id: patients.id }).from(patients).limit(1);
  const slot = (start: string, type: string, booked: boolean) => ({
    sessionId: session!.id,
    practiceId: practice.id,
    startTime: new Date(start),
    endTime: new Date(new Date(start).getTime() + 600_000),
    slotType: type,
    bookedByPatientId: booked ? patientForSlots!.id : null,
  });
  await db.insert(gpSlots).values([
    slot("2026-07-07T13:00:00Z", "Telephone", true),
    slot("2026-11-24T14:00:00Z", "Telephone", true),
    slot("2026-11-24T15:00:00Z", "Telephone", false),
    slot("2026-11-24T16:00:00Z", "Face to face", true),
    slot("2026-01-06T14:00:00Z", "Telephone", true),
  ]);

  // Incremental: up to the October change's first hour, then the rest.
  const first = await refreshReportRollup(db, new Date("2026-10-25T01:00:00Z"));
  expect(first.from.toISOString()).toBe("2026-02-27T10:00:00.000Z");
  await refreshReportRollup(db, clock.now());
  expect((await rollupCompleteTo(db))?.toISOString()).toBe("2026-11-25T12:00:00.000Z");
  // A second refresh of the same hour adds nothing.
  expect((await refreshReportRollup(db, clock.now())).hours).toBe(0);

  scope = { practices: [{ id: practice.id, name: practice.name, urlCode: practice.urlCode }], compare: false, drillDown: true, inboxLinks: true };
  compare = { practices: [...scope.practices, { id: other.id, name: other.name, urlCode: other.urlCode }], compare: true, drillDown: false };
  sections = new Map((await reportSections(db, scope, PERIOD, REPORT_ROLES)).map((s) => [s.id, s]));
  typeNames = (await db.select({ name: issueTypes.name }).from(issueTypes).orderBy(asc(issueTypes.position), asc(issueTypes.id))).map((t) => t.name);
});

/** The section's rows that are not zero, as [label, value]. */
function nonZero(id: string): [string, number][] {
  const s = sections.get(id)!;
  return s.categories.map((c, i) => [c.label, s.series[0]!.values[i]!] as [string, number]).filter(([, v]) => v !== 0);
}

describe("report sections against hand-counted fixtures", () => {
  it("requests by month and by week", () => {
    expect(nonZero("requests-monthly")).toEqual([
      ["Mar 2026", 2],
      ["Jul 2026", 1],
      ["Oct 2026", 2],
      ["Nov 2026", 2],
    ]);
    expect(sections.get("requests-monthly")!.categories).toHaveLength(9);
    expect(nonZero("requests-weekly")).toEqual([
      ["23/03/2026", 2],
      ["29/06/2026", 1],
      ["19/10/2026", 2],
      ["23/11/2026", 2],
    ]);
  });

  it("requests by hour of the day, London time across both clock changes", () => {
    expect(nonZero("requests-by-hour")).toEqual([
      ["00:00 to 00:59", 1],
      ["01:00 to 01:59", 2],
      ["02:00 to 02:59", 1],
      ["08:00 to 08:59", 1],
      ["09:00 to 09:59", 1],
      ["18:00 to 18:59", 1],
    ]);
  });

  it("requests by day of the week", () => {
    expect(nonZero("requests-by-weekday")).toEqual([
      ["Monday", 2],
      ["Wednesday", 1],
      ["Sunday", 4],
    ]);
  });

  it("requests by type, with a drill-down to the type's inbox", () => {
    const s = sections.get("requests-by-type")!;
    expect(nonZero("requests-by-type")).toEqual([
      [typeNames[0], 2],
      [typeNames[3], 5],
    ]);
    expect(s.categories[0]!.href).toMatch(/\/inboxes\/issue_type\/1$/);
  });

  it("requests by age on the day sent", () => {
    expect(nonZero("requests-by-age")).toEqual([
      ["0 to 15", 1],
      ["25 to 44", 3],
      ["45 to 64", 1],
      ["65 to 74", 1],
      ["75 and over", 1],
    ]);
  });

  it("submitted by patient, carer, staff and NHS App", () => {
    expect(nonZero("submitted-by")).toEqual([
      ["Patient", 4],
      ["Carer", 1],
      ["Staff", 1],
      ["NHS App", 1],
    ]);
  });

  it("requests inside core hours (08:00 inclusive to 18:30 exclusive, weekdays)", () => {
    expect(nonZero("core-hours")).toEqual([
      ["Inside core hours", 2],
      ["Outside core hours", 5],
    ]);
    expect(sections.get("core-hours")!.summary).toEqual(["Requests: 29% inside core hours."]);
  });

  it("time to first response: buckets, median and 90th percentile", () => {
    expect(nonZero("first-response")).toEqual([
      ["Within 15 minutes", 1],
      ["Within 2 hours", 1],
      ["Within 8 hours", 1],
      ["Within 1 day", 1],
    ]);
    // Exact, to the minute: responses after 10, 120, 270 and 1440 minutes. Median (120 + 270) / 2
    // = 195; 90th percentile at position 0.9 × 3 = 2.7: 270 + 0.7 × (1440 − 270) = 1089.
    expect(sections.get("first-response-percentiles")!.summary).toEqual(["All responses: median 3 hours 15 minutes; 90th percentile 18 hours 9 minutes."]);
    expect(sectionTable(sections.get("first-response-percentiles")!)).toEqual([
      ["Measure", "Minutes"],
      ["Median", 195],
      ["90th percentile", 1089],
    ]);
  });

  it("the median and 90th percentile are PostgreSQL's percentile_cont over the requests themselves", async () => {
    const result = (await world.context.db.execute(sql`
      with firsts as (
        select pe.submitted_at, least(pe.closed_at, (select min(m.created_at) from entry_messages m where m.patient_entry_id = pe.id and m.author_role = 'staff')) as first_at
        from patient_entries pe join practices p on p.id = pe.practice_id
        where p.name = 'Alpha Surgery' and pe.submitted_at is not null
      )
      select percentile_cont(0.5) within group (order by floor(extract(epoch from first_at - submitted_at) / 60)) as median,
             percentile_cont(0.9) within group (order by floor(extract(epoch from first_at - submitted_at) / 60)) as p90
      from firsts where first_at < '2026-11-25T12:00:00Z'`)) as unknown as { rows: { median: number; p90: number }[] };
    const s = sections.get("first-response-percentiles")!;
    expect(s.series[0]!.values).toEqual([Math.round(Number(result.rows[0]!.median)), Math.round(Number(result.rows[0]!.p90))]);
  });

  it("triage decisions and requests by user, in the hour decided", () => {
    expect(nonZero("triage-decision")).toEqual([
      ["Urgency set to routine", 1],
      ["Urgency set to urgent", 1],
      ["Completed", 2],
      ["Rejected", 1],
    ]);
    expect(nonZero("requests-by-user")).toEqual([
      ["Ann Okoro", 1],
      ["Gwen Okoro", 2],
    ]);
  });

  it("Pharmacy First links shown (once per request and condition) and clicks", () => {
    expect(nonZero("pharmacy-first-links")).toEqual([
      [ruleTitles[0], 1],
      [ruleTitles[2], 1],
    ]);
    expect(nonZero("pharmacy-first-clicks")).toEqual([[ruleTitles[0], 2]]);
  });

  it("booked telephone appointments by month, hour and weekday, London time", () => {
    expect(nonZero("telephone-counts")).toEqual([
      ["Jul 2026", 1],
      ["Nov 2026", 1],
    ]);
    expect(nonZero("telephone-by-hour")).toEqual([["14:00 to 14:59", 2]]);
    expect(nonZero("telephone-by-weekday")).toEqual([["Tuesday", 2]]);
  });

  it("exceptional closures: hours closed, cancelled ones left out", () => {
    expect(nonZero("closures")).toEqual([["Nov 2026", 4]]);
  });

  it("patient feedback and friends and family answers in the period", () => {
    expect(nonZero("patient-feedback")).toEqual([
      ["Very good (5)", 2],
      ["Neither good nor poor (3)", 1],
    ]);
    expect(sections.get("patient-feedback")!.categories[0]!.href).toMatch(/\/patient-feedback\?rating=5$/);
    expect(nonZero("friends-and-family")).toEqual([
      ["Very good", 1],
      ["Don't know", 1],
    ]);
  });

  it("new registrations and registered patients", () => {
    expect(nonZero("registrations")).toEqual([["Nov 2026", 9]]);
    expect(nonZero("registered-patients")).toEqual([["Without an online account", 9]]);
  });

  it("compares practices column by column, each with its own numbers", async () => {
    const [monthly] = await reportSections(world.context.db, compare, PERIOD, ["ccg_admin"], "requests-monthly");
    const table = sectionTable(monthly!);
    expect(table[0]).toEqual(["Month", "Alpha Surgery", "Beta Surgery"]);
    expect(table.find((r) => r[0] === "Jul 2026")).toEqual(["Jul 2026", 1, 1]);
    expect(table.find((r) => r[0] === "Mar 2026")).toEqual(["Mar 2026", 2, 0]);
  });

  it("shows each role only its sections", async () => {
    const reception = await reportSections(world.context.db, scope, PERIOD, ["receptionist"]);
    expect(reception.map((s) => s.id)).not.toContain("first-response");
    expect(reception.map((s) => s.id)).toContain("submitted-by");
  });

  it("keeps the day and month sums equal to the hourly rollup, also when hours are counted again", async () => {
    const { db } = world.context;
    const mismatches = async () =>
      (
        (await db.execute(sql`
          with h as (select practice_id, measure, london_date, key, sum(count)::int as n from report_hourly group by 1, 2, 3, 4),
               m as (select practice_id, measure, date_trunc('month', london_date)::date as london_month, key, sum(count)::int as n from report_hourly group by 1, 2, 3, 4)
          select (select count(*)::int from h full join report_daily d using (practice_id, measure, london_date, key) where h.n is distinct from d.count)
               + (select count(*)::int from m full join report_monthly o using (practice_id, measure, london_month, key) where m.n is distinct from o.count) as bad,
                 (select count(*)::int from report_daily) as days`)) as unknown as { rows: { bad: number; days: number }[] }
      ).rows[0]!;
    expect(await mismatches()).toMatchObject({ bad: 0 });
    expect((await mismatches()).days).toBeGreaterThan(0);
    // Wind the rollup back to July and count from there again: the sums lose those hours and gain them back.
    await db.execute(sql`update report_rollup_state set refreshed_until = '2026-07-01T00:00:00Z'`);
    await refreshReportRollup(db, world.context.clock.now());
    expect(await mismatches()).toMatchObject({ bad: 0 });
    const again = new Map((await reportSections(db, scope, PERIOD, REPORT_ROLES)).map((s) => [s.id, s]));
    for (const [id, section] of sections) expect(sectionTable(again.get(id)!), id).toEqual(sectionTable(section));
  });

  it("a period of part-months counts its edge days from the day sums and the months between from the month sums", async () => {
    const { db } = world.context;
    // 15 March to 24 October: part of March, April to September whole, part of October.
    const part = { kind: "custom" as const, from: "2026-03-15", to: "2026-10-24" };
    const [byType] = await reportSections(db, scope, part, ["gp"], "requests-by-type");
    const direct = (await db.execute(sql`
      select key, sum(count)::int as n from report_hourly
      where practice_id = ${scope.practices[0]!.id} and measure = 'type' and london_date between '2026-03-15' and '2026-10-24'
      group by key`)) as unknown as { rows: { key: string; n: number }[] };
    const total = byType!.series[0]!.values.reduce((a, b) => a + b, 0);
    expect(total).toBe(direct.rows.reduce((a, r) => a + r.n, 0));
    // E1, E2 (29 March) and E7 (1 July) fall inside; E3, E4 (25 October) and the rest outside.
    expect(total).toBe(3);
  });

  it("request details: the period's requests by where they are now, and listed newest first without names", async () => {
    const { db } = world.context;
    const direct = (await db.execute(sql`
      select pe.stage::text as stage, count(*)::int as n from patient_entries pe
      where pe.practice_id = ${scope.practices[0]!.id} and pe.deleted_at is null
        and pe.submitted_at >= '2026-03-01T00:00:00Z' and pe.submitted_at < '2026-11-26T00:00:00Z'
      group by 1`)) as unknown as { rows: { stage: string; n: number }[] };
    const expected = Object.fromEntries(direct.rows.map((r) => [r.stage, r.n]));
    const s = sections.get("request-details")!;
    const byLabel = Object.fromEntries(s.categories.map((c, i) => [c.key, s.series[0]!.values[i]]));
    for (const key of ["submitted", "completed", "rejected", "cancelled"]) expect(byLabel[key] ?? 0, key).toBe(expected[key] ?? 0);
    // Read from the requests themselves, so E8 (sent in the hour still going on) is listed too: E1–E8.
    expect(s.list!.total).toBe(8);
    expect(s.list!.rows[0]!.cells[1]).toBe("25/11/2026 12:10");
    expect(s.list!.rows.at(-1)!.cells[1]).toBe("29/03/2026 00:30");
    expect(s.list!.rows[0]!.href).toMatch(/\/inboxes\/all\/request-details\/\d+$/);
    expect(s.list!.rows.flatMap((r) => r.cells).join(" ")).not.toContain("Fixture");
    // E5: answered by a staff message 10 minutes after it was sent.
    expect(s.list!.rows.find((r) => r.cells[1] === "23/11/2026 09:00")!.cells.at(-1)).toBe("10 minutes");
    // Compared practices: a practice column, no inbox links, every row for the CSV.
    const [all] = await reportSections(db, compare, PERIOD, ["ccg_admin"], "request-details", { detailsAll: true });
    expect(all!.list!.columns[0]).toBe("Practice");
    expect(all!.list!.rows.every((r) => r.href === undefined)).toBe(true);
    expect(all!.list!.rows.length).toBe(all!.list!.total);
  });
});
