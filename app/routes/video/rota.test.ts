/**
 * Availability, leave and calendar pages against a real database (spec 3 §2): the working
 * pattern saved and refused, leave recorded, changed, refused when it overlaps and cancelled
 * (each audited), another practice's people not found, the calendar's month and week, and
 * assignment: a request assigned to someone on leave asks first and offers the cover, and their
 * personal inbox names who covers.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, patientEntries, staffLeave } from "~/db/schema";
import { LEAVE_MESSAGES } from "~/domain/rota/leave";
import { useTestWorld } from "../../../tests/support/world";
import type { TestContext } from "../../../tests/support/context";
import { staffPractice, submittedRequest } from "../../../tests/support/inbox-fixtures";
import { makeUser } from "../../../tests/support/session-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import * as availabilityRoute from "./$practiceCode.availability.$staffMemberId";
import * as leaveRoute from "./$practiceCode.leave.$staffMemberId";
import * as changeRoute from "./$practiceCode.leave.$staffMemberId_.$leaveId";
import * as cancelRoute from "./$practiceCode.leave.$staffMemberId_.$leaveId.cancel";
import * as calendarRoute from "./$practiceCode.calendar.$staffMemberId";
import * as details from "../inboxes/$practiceCode.inboxes.$inbox.request-details.$requestId";
import * as inboxRoute from "../inboxes/$practiceCode.inboxes.$inbox";

const t = useTestWorld({ onContext: (c) => (context = c) });
let context: TestContext;

const leaveForm = (start: string, end: string, cover: number | "none", kind = "leave") => ({
  kind,
  "start.day": String(Number(start.slice(8))),
  "start.month": String(Number(start.slice(5, 7))),
  "start.year": start.slice(0, 4),
  "end.day": String(Number(end.slice(8))),
  "end.month": String(Number(end.slice(5, 7))),
  "end.year": end.slice(0, 4),
  cover: String(cover),
});

async function world() {
  const w = await staffPractice(context);
  const code = w.practice.urlCode;
  const at = (staffId: number, rest: Record<string, string> = {}) => ({ practiceCode: code, staffMemberId: String(staffId), ...rest });
  return { ...w, code, at };
}

describe("availability", () => {
  it("saves a working pattern, audited, and refuses one that does not add up", async () => {
    const w = await world();
    const saved = await callAction(availabilityRoute.action, {
      request: postRequest(`/${w.code}/availability/${w.gp.id}`, { monday1Start: "08:30", monday1End: "12:30", monday2Start: "13:30", monday2End: "18:00", friday1Start: "9:00", friday1End: "13:00" }, { cookie: w.receptionist.cookie }),
      params: w.at(w.gp.id),
      context,
    });
    expect(saved.status).toBe(303);
    const page = await readJson<{ days: { label: string; summary: string }[] }>(
      await callLoader(availabilityRoute.loader, { request: getRequest(`/${w.code}/availability/${w.gp.id}`, { cookie: w.practiceAdmin.cookie }), params: w.at(w.gp.id), context }),
    );
    expect(page.days.filter((d) => d.summary)).toEqual([
      { label: "Monday", summary: "08:30–12:30, 13:30–18:00" },
      { label: "Friday", summary: "09:00–13:00" },
    ]);
    const [row] = await t.db.select().from(auditEvents).where(and(eq(auditEvents.action, "availability.update"), eq(auditEvents.subjectId, String(w.gp.id))));
    expect(row).toMatchObject({ actorUserId: w.receptionist.id, detail: { before: "none", after: "monday 08:30-12:30 13:30-18:00; friday 09:00-13:00" } });

    const refused = await callAction(availabilityRoute.action, {
      request: postRequest(`/${w.code}/availability/${w.gp.id}`, { tuesday1Start: "14:00", tuesday1End: "09:00" }, { cookie: w.gp.cookie }),
      params: w.at(w.gp.id),
      context,
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await readJson(refused))).toContain("The end of Tuesday's first session must be after its start");
  });

  it("finds nobody who is not a GP or receptionist of this practice", async () => {
    const w = await world();
    const other = await staffPractice(context);
    for (const id of [other.gp.id, w.practiceAdmin.id]) {
      const res = await callLoader(availabilityRoute.loader, { request: getRequest(`/${w.code}/availability/${id}`, { cookie: w.gp.cookie }), params: w.at(id), context });
      expect(res.status).toBe(404);
    }
    // Another practice's staff are refused at this practice's address.
    const denied = await callLoader(calendarRoute.loader, { request: getRequest(`/${w.code}/calendar/${w.gp.id}`, { cookie: other.gp.cookie }), params: w.at(w.gp.id), context });
    expect(denied.headers.get("Location")).toContain("permission-denied");
  });
});

describe("leave", () => {
  it("records, changes and cancels leave with a cover, refusing overlaps and self-cover, each audited", async () => {
    const w = await world();
    const post = (route: { action: typeof leaveRoute.action }, path: string, fields: Record<string, string>, params: Record<string, string>) =>
      callAction(route.action, { request: postRequest(path, fields, { cookie: w.gp.cookie }), params, context });
    const base = `/${w.code}/leave/${w.gp.id}`;
    expect((await post(leaveRoute, base, leaveForm("2026-11-30", "2026-12-04", w.receptionist.id), w.at(w.gp.id))).status).toBe(303);
    const [leave] = await t.db.select().from(staffLeave).where(eq(staffLeave.userId, w.gp.id));
    expect(leave).toMatchObject({ startDate: "2026-11-30", endDate: "2026-12-04", coverUserId: w.receptionist.id, createdByUserId: w.gp.id, cancelledAt: null });

    const overlap = await post(leaveRoute, base, leaveForm("2026-12-04", "2026-12-05", "none"), w.at(w.gp.id));
    expect(overlap.status).toBe(400);
    expect(JSON.stringify(await readJson(overlap))).toContain(LEAVE_MESSAGES.overlaps("2026-11-30", "2026-12-04"));
    const self = await post(leaveRoute, base, leaveForm("2026-12-10", "2026-12-10", w.gp.id), w.at(w.gp.id));
    expect(JSON.stringify(await readJson(self))).toContain(LEAVE_MESSAGES.coverSelf);
    const stranger = await staffPractice(context);
    const elsewhere = await post(leaveRoute, base, leaveForm("2026-12-10", "2026-12-10", stranger.gp.id), w.at(w.gp.id));
    expect(JSON.stringify(await readJson(elsewhere))).toContain(LEAVE_MESSAGES.cover);

    const list = await readJson<{ rows: { id: number; from: string; to: string; cover: string }[] }>(
      await callLoader(leaveRoute.loader, { request: getRequest(base, { cookie: w.receptionist.cookie }), params: w.at(w.gp.id), context }),
    );
    expect(list.rows).toMatchObject([{ id: leave.id, from: "30/11/2026", to: "04/12/2026", cover: `${w.receptionist.firstName} ${w.receptionist.lastName}` }]);

    // Changing it: moving the end is not an overlap with itself.
    const changed = await post(changeRoute, `${base}/${leave.id}`, leaveForm("2026-11-30", "2026-12-07", "none", "out_of_office"), w.at(w.gp.id, { leaveId: String(leave.id) }));
    expect(changed.status).toBe(303);
    const [after] = await t.db.select().from(staffLeave).where(eq(staffLeave.id, leave.id));
    expect(after).toMatchObject({ kind: "out_of_office", endDate: "2026-12-07", coverUserId: null });

    // Another person's leave id at this person's address is not found.
    const cancelOther = await callLoader(cancelRoute.loader, { request: getRequest(`/${w.code}/leave/${w.receptionist.id}/${leave.id}/cancel`, { cookie: w.gp.cookie }), params: w.at(w.receptionist.id, { leaveId: String(leave.id) }), context });
    expect(cancelOther.status).toBe(404);
    const cancelled = await callAction(cancelRoute.action, { request: postRequest(`${base}/${leave.id}/cancel`, {}, { cookie: w.practiceAdmin.cookie }), params: w.at(w.gp.id, { leaveId: String(leave.id) }), context });
    expect(cancelled.status).toBe(303);
    const [gone] = await t.db.select().from(staffLeave).where(eq(staffLeave.id, leave.id));
    expect(gone.cancelledByUserId).toBe(w.practiceAdmin.id);
    const again = await callAction(cancelRoute.action, { request: postRequest(`${base}/${leave.id}/cancel`, {}, { cookie: w.gp.cookie }), params: w.at(w.gp.id, { leaveId: String(leave.id) }), context });
    expect(again.status).toBe(404);

    const actions = (await t.db.select().from(auditEvents).where(and(eq(auditEvents.subjectType, "staff_leave"), eq(auditEvents.subjectId, String(leave.id))))).map((a) => a.action);
    expect(actions).toEqual(["leave.create", "leave.update", "leave.cancel"]);
  });
});

describe("the calendar", () => {
  it("shows a month and a week with sessions, leave (and who covers) and links either side", async () => {
    context.clock.set("2026-11-24T10:00:00Z");
    const w = await world();
    await callAction(availabilityRoute.action, { request: postRequest(`/${w.code}/availability/${w.gp.id}`, { monday1Start: "09:00", monday1End: "17:00" }, { cookie: w.gp.cookie }), params: w.at(w.gp.id), context });
    await callAction(leaveRoute.action, { request: postRequest(`/${w.code}/leave/${w.gp.id}`, leaveForm("2026-11-30", "2026-11-30", w.receptionist.id), { cookie: w.gp.cookie }), params: w.at(w.gp.id), context });
    type Day = { date: string; sessions: string[]; leave: { kind: string; cover: string | null } | null };
    type Page = { title: string; previousHref: string; nextHref: string; weeks: Day[][] };
    const load = async (query: string) =>
      readJson<Page>(await callLoader(calendarRoute.loader, { request: getRequest(`/${w.code}/calendar/${w.gp.id}${query}`, { cookie: w.practiceAdmin.cookie }), params: w.at(w.gp.id), context }));
    const month = await load("");
    expect(month.title).toBe("November 2026");
    expect(month.previousHref).toBe(`/${w.code}/calendar/${w.gp.id}?view=month&date=2026-10-01`);
    const days = Object.fromEntries(month.weeks.flat().map((d) => [d.date, d]));
    expect(days["2026-11-23"].sessions).toEqual(["09:00–17:00"]);
    expect(days["2026-11-30"]).toMatchObject({ sessions: [], leave: { kind: "Leave", cover: `${w.receptionist.firstName} ${w.receptionist.lastName}` } });
    const week = await load("?view=week&date=2026-12-02");
    expect(week.title).toBe("Week of Monday 30 November 2026");
    expect(week.weeks).toHaveLength(1);
    expect(week.nextHref).toBe(`/${w.code}/calendar/${w.gp.id}?view=week&date=2026-12-07`);
  });
});

describe("assignment and leave", () => {
  it("asks before assigning to someone on leave, offers the cover, and the personal inbox says who covers", async () => {
    context.clock.set("2026-12-01T09:00:00Z");
    const w = await world();
    const cover = await makeUser(context, { memberships: [{ practiceId: w.practice.id, role: "gp" }] });
    await t.db.insert(staffLeave).values({ practiceId: w.practice.id, userId: w.gp.id, kind: "leave", startDate: "2026-11-30", endDate: "2026-12-04", coverUserId: cover.id });
    const { entry } = await submittedRequest(context, w.practice.id);
    const path = `/${w.code}/inboxes/unassigned/request-details/${entry.id}`;
    const params = { practiceCode: w.code, inbox: "unassigned", requestId: String(entry.id) };
    const assign = (fields: Record<string, string>) => callAction(details.action, { request: postRequest(path, { intent: "assign", version: String(entry.version), ...fields }, { cookie: w.receptionist.cookie }), params, context });

    const asked = await assign({ assignee: String(w.gp.id) });
    expect(asked.status).toBe(200);
    const warning = await readJson<{ leave: { userId: number; until: string; cover: { id: number } } }>(asked);
    expect(warning.leave).toMatchObject({ userId: w.gp.id, until: "04/12/2026", cover: { id: cover.id } });
    const [still] = await t.db.select().from(patientEntries).where(eq(patientEntries.id, entry.id));
    expect(still.assignedToId).toBeNull();

    const loaded = await readJson<{ awayToday: { id: number; until: string }[] }>(
      await callLoader(details.loader, { request: getRequest(path, { cookie: w.receptionist.cookie }), params, context }),
    );
    expect(loaded.awayToday).toEqual([{ id: w.gp.id, until: "04/12/2026" }]);

    // Confirmed: assigned to the person on leave after all.
    expect((await assign({ assignee: String(w.gp.id), onLeave: "confirmed" })).status).toBe(303);
    const [assigned] = await t.db.select().from(patientEntries).where(eq(patientEntries.id, entry.id));
    expect(assigned.assignedToId).toBe(w.gp.id);

    const inbox = await readJson<{ away: { name: string; until: string; cover: { id: number }; coverHref: string } | null }>(
      await callLoader(inboxRoute.loader, { request: getRequest(`/${w.code}/inboxes/${w.gp.id}`, { cookie: w.receptionist.cookie }), params: { practiceCode: w.code, inbox: String(w.gp.id) }, context }),
    );
    expect(inbox.away).toMatchObject({ until: "04/12/2026", cover: { id: cover.id }, coverHref: `/${w.code}/inboxes/${cover.id}` });

  });
});
