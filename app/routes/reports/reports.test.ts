/**
 * The report screen at its four addresses, its CSV, the patient feedback list and the statistics
 * redirect, against a real database: who sees which practices (a regional admin only their
 * group's), the period's 400, the CSV holding the table's numbers, anonymised feedback.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ccgs, patientFeedback, practiceMemberships, practices, userGlobalRoles, users } from "~/db/schema";
import { refreshReportRollup } from "~/domain/reports/rollup.server";
import { sectionTable } from "~/domain/reports/sections";
import type { ReportPageData } from "~/web/reports/report-page.server";
import { createPatient, createUser, sessionCookie } from "../../../tests/support/registration-fixtures";
import { makeEntry } from "../../../tests/support/request-fixtures";
import { callLoader, getRequest, readJson } from "../../../tests/support/requests";
import { makePractice, useTestWorld } from "../../../tests/support/world";
import * as csvRoute from "./$practiceCode.report_.csv.$section";
import * as feedbackRoute from "./$practiceCode.patient-feedback";
import * as reportRoute from "./$practiceCode.report";
import * as statisticsRoute from "./$practiceCode.statistics";

const world = useTestWorld();
let practice: typeof practices.$inferSelect;
let other: typeof practices.$inferSelect;
let elsewhere: typeof practices.$inferSelect;
let adminCookie: string;
let ccgCookie: string;
let receptionCookie: string;

beforeAll(async () => {
  const { db, clock } = world.context;
  clock.set("2026-11-20T10:30:00Z");
  const [group] = await db.insert(ccgs).values({ name: "Test ICB" }).returning();
  const [otherGroup] = await db.insert(ccgs).values({ name: "Other ICB" }).returning();
  practice = await makePractice(world.context, { name: "Alpha Surgery", ccgId: group!.id, anonymiseFeedback: true });
  other = await makePractice(world.context, { name: "Beta Surgery", ccgId: group!.id });
  elsewhere = await makePractice(world.context, { name: "Gamma Surgery", ccgId: otherGroup!.id });
  const padmin = await createUser(world.context);
  await db.insert(practiceMemberships).values({ userId: padmin.id, practiceId: practice.id, role: "practice_admin" });
  adminCookie = await sessionCookie(world.context, padmin.id);
  const reception = await createUser(world.context);
  await db.insert(practiceMemberships).values({ userId: reception.id, practiceId: other.id, role: "receptionist" });
  receptionCookie = await sessionCookie(world.context, reception.id);
  const ccg = await createUser(world.context);
  await db.update(users).set({ ccgId: group!.id }).where(eq(users.id, ccg.id));
  await db.insert(userGlobalRoles).values({ userId: ccg.id, role: "ccg_admin" });
  ccgCookie = await sessionCookie(world.context, ccg.id);
  const patient = await createPatient(world.context, practice.id, { firstName: "Nadia" });
  const user = await createUser(world.context, { firstName: "Nadia" });
  for (let i = 0; i < 3; i++) {
    clock.set(`2026-11-1${i}T09:15:00Z`);
    await makeEntry(world.context, { practiceId: practice.id, patientId: patient!.id, userId: user.id, stage: "submitted" });
  }
  await db.insert(patientFeedback).values({ practiceId: practice.id, userId: user.id, feedbackFor: "practice", rating: 4, comment: "=cmd|' /C calc'!A0", createdAt: new Date("2026-11-15T10:00:00Z") });
  clock.set("2026-11-20T10:30:00Z");
  await refreshReportRollup(db, clock.now());
});

const load = async (path: string, cookie: string, params: Record<string, string> = {}) =>
  callLoader(reportRoute.loader, { request: getRequest(path, { cookie }), context: world.context, params });

describe("the practice report", () => {
  it("shows one section on its own when asked, and all of them for an unknown one", async () => {
    const one = await readJson<ReportPageData>(await load(`/${practice.urlCode}/report?period=14-days&section=requests-by-weekday`, adminCookie, { practiceCode: practice.urlCode }));
    expect(one.section).toBe("requests-by-weekday");
    expect(one.sections.map((s) => s.id)).toEqual(["requests-by-weekday"]);
    expect(one.query).toBe("period=14-days");
    const all = await readJson<ReportPageData>(await load(`/${practice.urlCode}/report?section=nonsense`, adminCookie, { practiceCode: practice.urlCode }));
    expect(all.section).toBeNull();
    expect(all.sections.map((s) => s.id)).toEqual(expect.arrayContaining(["pharmacy-first-clicks", "telephone-by-hour", "triage-decision", "requests-by-user", "first-response-percentiles"]));
  });

  it("shows the practice admin the sections, correct to the last complete hour", async () => {
    const response = await load(`/${practice.urlCode}/report?period=14-days`, adminCookie, { practiceCode: practice.urlCode });
    expect(response.status).toBe(200);
    const data = await readJson<ReportPageData>(response);
    expect(data.completeTo).toBe("20/11/2026 10:00");
    expect(data.period).toEqual({ kind: "14-days", from: "2026-11-07", to: "2026-11-20" });
    const daily = data.sections.find((s) => s.id === "requests-by-weekday")!;
    // 10, 11 and 12 November 2026: Tuesday to Thursday.
    expect(daily.series[0]!.values).toEqual([0, 1, 1, 1, 0, 0, 0]);
    // A practice admin is not inbox staff: no links to the inboxes, but to the feedback list.
    expect(data.sections.find((s) => s.id === "requests-by-type")!.categories.every((c) => !c.href)).toBe(true);
    expect(data.sections.find((s) => s.id === "patient-feedback")!.categories[1]!.href).toBe(`/${practice.urlCode}/patient-feedback?rating=4`);
  });

  it("answers 400 with the messages of spec 3 §5 for a custom period that does not hold", async () => {
    const response = await load(`/${practice.urlCode}/report?period=custom&from=2026-11-10&to=2026-11-01`, adminCookie, { practiceCode: practice.urlCode });
    expect(response.status).toBe(400);
    const data = await readJson<ReportPageData>(response);
    expect(data.errors).toEqual({ from: "From date must be the same as or before the to date" });
    expect(data.sections).toEqual([]);
  });

  it("sends another practice's staff to permission-denied, and everyone when reports are off", async () => {
    const denied = await load(`/${practice.urlCode}/report`, receptionCookie, { practiceCode: practice.urlCode });
    expect(denied.headers.get("Location")).toContain("permission-denied");
    await world.context.db.update(practices).set({ reportsEnabled: false }).where(eq(practices.id, other.id));
    const off = await load(`/${other.urlCode}/report`, receptionCookie, { practiceCode: other.urlCode });
    expect(off.headers.get("Location")).toBe(`/${other.urlCode}/permission-denied`);
    await world.context.db.update(practices).set({ reportsEnabled: true }).where(eq(practices.id, other.id));
  });

  it("downloads a section as CSV with exactly the table's numbers", async () => {
    const page = await readJson<ReportPageData>(await load(`/${practice.urlCode}/report?period=12-weeks`, adminCookie, { practiceCode: practice.urlCode }));
    const section = page.sections.find((s) => s.id === "requests-weekly")!;
    const response = await callLoader(csvRoute.loader, {
      request: getRequest(`/${practice.urlCode}/report/csv/requests-weekly?period=12-weeks`, { cookie: adminCookie }),
      context: world.context,
      params: { practiceCode: practice.urlCode, section: "requests-weekly" },
    });
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    expect(response.headers.get("Content-Disposition")).toContain("requests-weekly");
    const rows = (await response.text()).trim().split("\r\n").map((l) => l.split(","));
    expect(rows).toEqual(sectionTable(section).map((r) => r.map(String)));
  });
});

describe("the regional portal's reports", () => {
  it("compares the group's practices, never another group's", async () => {
    const data = await readJson<ReportPageData>(await load("/ccg-portal/reports", ccgCookie));
    expect(data.sections.find((s) => s.id === "requests-monthly")!.series.map((s) => s.name)).toEqual(["Alpha Surgery", "Beta Surgery"]);
    const picked = await readJson<ReportPageData>(await load(`/ccg-portal/reports?practice=${other.urlCode}&practice=${elsewhere.urlCode}`, ccgCookie));
    expect(picked.chosen).toEqual([other.urlCode]);
  });

  it("opens one practice of the group; another group's is not found", async () => {
    const ok = await load(`/ccg-portal/practice/${practice.urlCode}/reports`, ccgCookie, { practiceCode: practice.urlCode });
    expect(ok.status).toBe(200);
    const notOurs = await load(`/ccg-portal/practice/${elsewhere.urlCode}/reports`, ccgCookie, { practiceCode: elsewhere.urlCode });
    expect(notOurs.status).toBe(404);
  });
});

describe("patient feedback and statistics", () => {
  it("lists feedback without names where the practice anonymises it", async () => {
    const response = await callLoader(feedbackRoute.loader, {
      request: getRequest(`/${practice.urlCode}/patient-feedback?rating=4`, { cookie: adminCookie }),
      context: world.context,
      params: { practiceCode: practice.urlCode },
    });
    const data = await readJson<{ total: number; rows: { author: string; rating: string }[] }>(response);
    expect(data.total).toBe(1);
    expect(data.rows[0]).toMatchObject({ author: "Anonymous", rating: "Good (4)" });
  });

  it("sends /{code}/statistics home", async () => {
    const response = await callLoader(statisticsRoute.loader, { request: getRequest(`/${practice.urlCode}/statistics`), context: world.context, params: { practiceCode: practice.urlCode } });
    expect(response.headers.get("Location")).toBe("/");
  });

  it("lists the period's requests a page at a time and downloads them all as CSV", async () => {
    const page = await readJson<ReportPageData>(await load(`/${practice.urlCode}/report?period=12-weeks&section=request-details&details=7`, adminCookie, { practiceCode: practice.urlCode }));
    const details = page.sections.find((s) => s.id === "request-details")!;
    // Three requests: page 7 does not exist, so the last (and only) page is shown.
    expect(details.list).toMatchObject({ total: 3, page: 1, pages: 1 });
    // A practice admin is not an inbox user: no links to the requests.
    expect(details.list!.rows.every((r) => r.href === undefined)).toBe(true);
    const response = await callLoader(csvRoute.loader, {
      request: getRequest(`/${practice.urlCode}/report/csv/request-details?period=12-weeks&rows=all`, { cookie: adminCookie }),
      context: world.context,
      params: { practiceCode: practice.urlCode, section: "request-details" },
    });
    expect(response.headers.get("Content-Disposition")).toContain("request-details-list");
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toBe("Reference,Sent,Type,Submitted by,Status,Urgency,Time to first response");
    expect(lines).toHaveLength(4);
    expect(lines.join("\n")).not.toContain("Nadia");
    // Another section has no list to download.
    const none = await callLoader(csvRoute.loader, {
      request: getRequest(`/${practice.urlCode}/report/csv/requests-weekly?period=12-weeks&rows=all`, { cookie: adminCookie }),
      context: world.context,
      params: { practiceCode: practice.urlCode, section: "requests-weekly" },
    });
    expect(none.status).toBe(404);
  });
});
