/**
 * The AI-testing review area against a real database: only the aitesting practice's GP and
 * receptionist get in (signed out: sign in with continue_with_frontdoor; others: permission
 * denied); a reviewer is given requests one at a time with the suggestion, agrees or corrects,
 * and the completed list shows the agreement rates. A system admin reads everyone's results.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { aiTestAssignments, auditEvents, practices } from "~/db/schema";
import { seedAiTestingPractice } from "~/db/seed-integrations.server";
import { demoNhsNumber } from "~/db/seed.server";
import { REVIEW_MESSAGES } from "~/domain/integrations/ai-triage";
import { useTestWorld, makePractice } from "../../../tests/support/world";
import { makeUser, signInAs } from "../../../tests/support/session-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import { uniqueEmail } from "../../../tests/support/registration-fixtures";
import * as redirectRoute from "./aitesting.redirect";
import * as reviewRoute from "./aitesting.review.$assignmentId";
import * as completedRoute from "./aitesting.completed";

const world = useTestWorld();
let gpCookie: string;
let receptionCookie: string;
let gpId: number;

beforeAll(async () => {
  const existing = await world.db.select().from(practices).where(eq(practices.urlCode, "aitesting"));
  const made = await world.db.transaction((tx) =>
    seedAiTestingPractice(tx, "no-password", demoNhsNumber, { gp: uniqueEmail("ai.gp"), reception: uniqueEmail("ai.reception") }),
  );
  expect(existing.length === 0 || made.practiceId === existing[0].id).toBe(true);
  gpId = made.gp;
  gpCookie = (await signInAs(world.context, made.gp)).cookie;
  receptionCookie = (await signInAs(world.context, made.reception)).cookie;
});

const next = (cookie?: string) => callLoader(redirectRoute.loader, { request: getRequest("/aitesting/redirect", cookie ? { cookie } : {}), context: world.context });
const review = (id: string, cookie: string) => callLoader(reviewRoute.loader, { request: getRequest(`/aitesting/review/${id}`, { cookie }), params: { assignmentId: id }, context: world.context });
const answer = (id: string, cookie: string, fields: Record<string, string>) =>
  callAction(reviewRoute.action, { request: postRequest(`/aitesting/review/${id}`, fields, { cookie }), params: { assignmentId: id }, context: world.context });
const idOf = (response: Response) => response.headers.get("Location")!.split("/").pop()!;

describe("who may enter", () => {
  it("signed out: sign in with the redirect and continue_with_frontdoor", async () => {
    const response = await next();
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Faitesting%2Fredirect&continue_with_frontdoor=1");
  });

  it("staff of another practice, patients and practice admins: permission denied", async () => {
    const other = await makePractice(world.context);
    for (const memberships of [[{ practiceId: other.id, role: "gp" as const }], [{ practiceId: other.id, role: "practice_admin" as const }]]) {
      const user = await makeUser(world.context, { memberships });
      const { cookie } = await signInAs(world.context, user.id);
      expect((await next(cookie)).headers.get("Location")).toBe("/permission-denied");
    }
  });

  it("a system admin reads everyone's completed reviews, but reviews nothing", async () => {
    const admin = await makeUser(world.context, { globalRoles: ["admin"] });
    const { cookie } = await signInAs(world.context, admin.id);
    expect((await next(cookie)).headers.get("Location")).toBe("/permission-denied");
    const page = await readJson<{ everyone: boolean }>(await callLoader(completedRoute.loader, { request: getRequest("/aitesting/completed", { cookie }), context: world.context }));
    expect(page.everyone).toBe(true);
  });
});

describe("reviewing", () => {
  it("gives one request at a time with the suggestion; agree, then correct; rates on the completed list", async () => {
    const first = await next(gpCookie);
    expect(first.headers.get("Location")).toMatch(/^\/aitesting\/review\/\d+$/);
    const id = idOf(first);
    // The same open review until it is answered.
    expect(idOf(await next(gpCookie))).toBe(id);
    const page = await readJson<{ suggestion: { urgency: string; role: string }; answers: unknown[] }>(await review(id, gpCookie));
    expect(page.suggestion.urgency).toMatch(/Routine|Soon|Urgent/);
    expect(page.answers.length).toBeGreaterThan(0);

    const empty = await answer(id, gpCookie, {});
    expect(empty.status).toBe(400);
    const noCorrection = await readJson<{ lastResult: { error: Record<string, string[]> } }>(await answer(id, gpCookie, { agreed: "no" }));
    expect(noCorrection.lastResult.error).toMatchObject({ urgencyId: [REVIEW_MESSAGES.urgency], role: [REVIEW_MESSAGES.role] });

    const agreed = await answer(id, gpCookie, { agreed: "yes" });
    expect(agreed.headers.get("Location")).toBe("/aitesting/redirect");
    const second = idOf(await next(gpCookie));
    expect(second).not.toBe(id);
    const [row] = await world.db.select().from(aiTestAssignments).where(eq(aiTestAssignments.id, Number(second)));
    const otherUrgency = row.suggestedUrgencyId === 3 ? "1" : "3";
    await answer(second, gpCookie, { agreed: "no", urgencyId: otherUrgency, role: row.suggestedRole });

    const list = await readJson<{ rates: { reviewed: number; overall: number; urgency: number; role: number }; rows: unknown[] }>(
      await callLoader(completedRoute.loader, { request: getRequest("/aitesting/completed", { cookie: gpCookie }), context: world.context }),
    );
    expect(list.rates).toEqual({ reviewed: 2, overall: 50, urgency: 50, role: 100 });
    const audited = await world.db.select().from(auditEvents).where(and(eq(auditEvents.actorUserId, gpId), eq(auditEvents.action, "aitesting.review_completed")));
    expect(audited).toHaveLength(2);
    // A completed review is not answered twice.
    expect((await review(id, gpCookie)).headers.get("Location")).toBe("/aitesting/completed");
  });

  it("another reviewer's review is not found", async () => {
    const id = idOf(await next(gpCookie));
    expect((await review(id, receptionCookie)).status).toBe(404);
    expect((await answer(id, receptionCookie, { agreed: "yes" })).status).toBe(404);
  });
});
