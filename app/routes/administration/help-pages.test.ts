/**
 * /practices/online-resources/{code} and /videos (spec 3 §2): who may open them, and what they
 * carry (the practice's own request link, the feature states, the transcripts).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { practices } from "~/db/schema";
import { TRAINING_VIDEOS } from "~/domain/help/training-videos";
import { type TestContext } from "../../../tests/support/context";
import { useTestWorld } from "../../../tests/support/world";
import { callLoader, getRequest, readJson } from "../../../tests/support/requests";
import { makePractice, makeUser, signInAs } from "../../../tests/support/session-fixtures";
import * as resourcesRoute from "./practices.online-resources.$practiceCode";
import * as videosRoute from "./videos._index";

const t = useTestWorld({ onContext: (c) => (context = c) });
let context: TestContext;
let here: Awaited<ReturnType<typeof makePractice>>;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  here = await makePractice(context);
  await t.db.update(practices).set({ ehrType: "tpp", appointmentsEnabled: true, country: "wales" }).where(eq(practices.id, here.id));
  const elsewhere = await makePractice(context);
  const people = {
    patient: await makeUser(context, { patientAt: here.id }),
    gp: await makeUser(context, { memberships: [{ practiceId: here.id, role: "gp" }] }),
    receptionist: await makeUser(context, { memberships: [{ practiceId: here.id, role: "receptionist" }] }),
    padmin: await makeUser(context, { memberships: [{ practiceId: here.id, role: "practice_admin" }] }),
    padminElsewhere: await makeUser(context, { memberships: [{ practiceId: elsewhere.id, role: "practice_admin" }] }),
    admin: await makeUser(context, { globalRoles: ["admin"] }),
  };
  for (const [role, user] of Object.entries(people)) cookies[role] = (await signInAs(context, user.id)).cookie;
});

const outcome = (r: Response) =>
  r.status === 200 ? "ok" : r.status === 404 ? "404" : /\/login/.test(r.headers.get("Location") ?? "") ? "login" : /permission-denied/.test(r.headers.get("Location") ?? "") ? "denied" : String(r.status);

describe("/practices/online-resources/{code}", () => {
  const open = (cookie?: string, code = here.urlCode) =>
    callLoader(resourcesRoute.loader, { request: getRequest(`/practices/online-resources/${code}`, { cookie }), params: { practiceCode: code }, context });

  it("is for that practice's admins and system admins", async () => {
    const seen: Record<string, string> = { anonymous: outcome(await open()) };
    for (const role of Object.keys(cookies)) seen[role] = outcome(await open(cookies[role]));
    expect(seen).toEqual({ anonymous: "login", patient: "denied", gp: "denied", receptionist: "denied", padmin: "ok", padminElsewhere: "denied", admin: "ok" });
    expect(outcome(await open(cookies.admin, "nosuchpractice"))).toBe("404");
  });

  it("gives the practice's own request link, its feature states and its country's rule", async () => {
    const data = await readJson<{ link: string; practice: { isTpp: boolean; country: string }; features: { label: string; on: boolean }[] }>(await open(cookies.padmin));
    expect(data.link).toBe(`http://localhost/practice/${here.urlCode}`);
    expect(data.practice).toMatchObject({ isTpp: true, country: "wales" });
    expect(data.features.find((f) => f.label === "Appointments")?.on).toBe(true);
    expect(data.features.find((f) => f.label === "Video consultations")?.on).toBe(false);
  });
});

describe("/videos", () => {
  const open = (cookie?: string) => callLoader(videosRoute.loader, { request: getRequest("/videos", { cookie }), context });

  it("is for staff, practice admins and system admins", async () => {
    const seen: Record<string, string> = { anonymous: outcome(await open()) };
    for (const role of Object.keys(cookies)) seen[role] = outcome(await open(cookies[role]));
    expect(seen).toEqual({ anonymous: "login", patient: "denied", gp: "ok", receptionist: "ok", padmin: "ok", padminElsewhere: "ok", admin: "ok" });
  });

  it("lists every video with its length, description and a transcript", async () => {
    const { videos } = await readJson<{ videos: typeof TRAINING_VIDEOS }>(await open(cookies.gp));
    expect(videos.length).toBeGreaterThanOrEqual(5);
    for (const video of videos) {
      expect(video.duration).toMatch(/^\d{1,2}:\d{2}$/);
      expect(video.description.length).toBeGreaterThan(20);
      expect(video.transcript.join(" ").length).toBeGreaterThan(300);
    }
    expect(new Set(videos.map((v) => v.id)).size).toBe(videos.length);
  });
});
