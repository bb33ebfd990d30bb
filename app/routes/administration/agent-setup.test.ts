/**
 * /agent/setup, its confirm page, its status poll and the agent's own POST /agent/status
 * (docs/decisions/0077), against a real database: who may open them, the key shown once and
 * stored as its SHA-256, the agent's report changing the status, and a wrong key changing nothing.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, gpFaults, practiceAgents, practices } from "~/db/schema";
import { agentMessages, AGENT_FORM_MESSAGES } from "~/domain/agent/agent";
import { hashAgentKey } from "~/domain/agent/agent-key.server";
import { guardAction } from "~/server/route-layer.server";
import { makeContext, type TestContext } from "../../../tests/support/context";
import { useTestWorld } from "../../../tests/support/world";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import { makePractice, makeUser, signInAs } from "../../../tests/support/session-fixtures";
import * as regenerateRoute from "./agent.setup_.regenerate";
import * as pollRoute from "./agent.setup_.status";
import * as statusRoute from "./agent.status";
import * as setupRoute from "./agent.setup";

const t = useTestWorld({ onContext: (c) => (context = c) });
let context: TestContext;
type Practice = Awaited<ReturnType<typeof makePractice>>;
type Person = { id: number; cookie: string };
let tpp: Practice;
let tpp2: Practice;
let emis: Practice;
let people: Record<"patient" | "gp" | "receptionist" | "padmin" | "padminElsewhere" | "padminOfTwo" | "admin", Person>;

async function person(options: Parameters<typeof makeUser>[1]): Promise<Person> {
  const user = await makeUser(context, options);
  return { id: user.id, cookie: (await signInAs(context, user.id)).cookie };
}

async function tppPractice() {
  const p = await makePractice(context);
  const [row] = await t.db.update(practices).set({ ehrType: "tpp", name: `Hillside ${p.urlCode}` }).where(eq(practices.id, p.id)).returning();
  return row;
}

beforeAll(async () => {
  tpp = await tppPractice();
  tpp2 = await tppPractice();
  emis = await makePractice(context);
  people = {
    patient: await person({ patientAt: tpp.id }),
    gp: await person({ memberships: [{ practiceId: tpp.id, role: "gp" }] }),
    receptionist: await person({ memberships: [{ practiceId: tpp.id, role: "receptionist" }] }),
    padmin: await person({ memberships: [{ practiceId: tpp.id, role: "practice_admin" }] }),
    padminElsewhere: await person({ memberships: [{ practiceId: emis.id, role: "practice_admin" }] }),
    padminOfTwo: await person({
      memberships: [
        { practiceId: tpp.id, role: "practice_admin" },
        { practiceId: tpp2.id, role: "practice_admin" },
        { practiceId: emis.id, role: "practice_admin" },
      ],
    }),
    admin: await person({ globalRoles: ["admin"] }),
  };
});
beforeEach(() => {
  context = makeContext(t.db);
});

const setupUrl = (p: Practice) => `/agent/setup?practice=${p.urlCode}`;
type SetupData = {
  choices: { name: string; code: string }[];
  others: string[];
  chosen: { code: string; isTpp: boolean } | null;
  agent: { gatewayHost: string } | null;
  status: { available: boolean; linked?: boolean; label?: string; message?: string; updated?: string | null } | null;
};

const load = (url: string, cookie?: string) => callLoader(setupRoute.loader, { request: getRequest(url, { cookie }), context });
const configure = (url: string, cookie: string | undefined, gatewayHost: string) =>
  callAction(setupRoute.action, { request: postRequest(url, { gatewayHost }, { cookie, csrf: context }), context });
const report = (key: string | null, body: unknown, type = "application/json") =>
  callAction(guardAction("routes/agent.status", statusRoute.action), {
    request: new Request("http://localhost/agent/status", {
      method: "POST",
      headers: { "Content-Type": type, ...(key === null ? {} : { Authorization: `Bearer ${key}` }) },
      body: type === "application/json" ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString(),
    }),
    context,
  });
const agentRow = async (p: Practice) => (await t.db.select().from(practiceAgents).where(eq(practiceAgents.practiceId, p.id)))[0];

function expectDenied(response: Response) {
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toMatch(/^\/permission-denied/);
}
function expectLogin(response: Response) {
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toMatch(/^\/login\?redirect=/);
}

describe("who may open /agent/setup", () => {
  it("lets the practice admin of that practice and a system admin in, and nobody else", async () => {
    expectLogin(await load(setupUrl(tpp)));
    for (const role of ["patient", "gp", "receptionist"] as const) expectDenied(await load(setupUrl(tpp), people[role].cookie));
    // Another practice's admin: the practice is not theirs, so it does not exist for them.
    expect((await load(setupUrl(tpp), people.padminElsewhere.cookie)).status).toBe(404);
    for (const role of ["padmin", "padminOfTwo", "admin"] as const) {
      const response = await load(setupUrl(tpp), people[role].cookie);
      expect(response.status).toBe(200);
      expect((await readJson<SetupData>(response)).chosen).toMatchObject({ code: tpp.urlCode, isTpp: true });
    }
  });

  it("refuses every role's post but the practice admin's, and changes nothing", async () => {
    const before = await agentRow(tpp2);
    expectLogin(await configure(setupUrl(tpp2), undefined, "GW-X"));
    for (const role of ["patient", "gp", "receptionist"] as const) expectDenied(await configure(setupUrl(tpp2), people[role].cookie, "GW-X"));
    expect((await configure(setupUrl(tpp2), people.padminElsewhere.cookie, "GW-X")).status).toBe(404);
    expect((await configure(setupUrl(tpp2), people.padmin.cookie, "GW-X")).status).toBe(404);
    expect(await agentRow(tpp2)).toEqual(before);
  });

  it("takes the only TPP practice without asking, and offers a choice when there are several", async () => {
    const one = await readJson<SetupData>(await load("/agent/setup", people.padmin.cookie));
    expect(one.chosen?.code).toBe(tpp.urlCode);
    const several = await readJson<SetupData>(await load("/agent/setup", people.padminOfTwo.cookie));
    expect(several.chosen).toBeNull();
    expect(several.choices.map((c) => c.code).sort()).toEqual([tpp.urlCode, tpp2.urlCode].sort());
    expect(several.others).toEqual([emis.name]);
  });

  it("explains to the admin of a practice on EMIS that there is nothing to set up, and refuses the post", async () => {
    const none = await readJson<SetupData>(await load("/agent/setup", people.padminElsewhere.cookie));
    expect(none).toMatchObject({ chosen: null, choices: [], others: [emis.name] });
    const chosen = await readJson<SetupData>(await load(setupUrl(emis), people.padminOfTwo.cookie));
    expect(chosen.chosen).toMatchObject({ code: emis.urlCode, isTpp: false });
    expect((await configure(setupUrl(emis), people.padminOfTwo.cookie, "GW-X")).status).toBe(404);
    expect(await agentRow(emis)).toBeUndefined();
  });
});

describe("configuring the agent and its reports", () => {
  it("shows the key once, keeps its SHA-256, and links when the agent reports both connections", async () => {
    const invalid = await configure(setupUrl(tpp), people.padmin.cookie, "GW 01");
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(await invalid.json())).toContain(AGENT_FORM_MESSAGES.hostFormat);
    expect(await agentRow(tpp)).toBeUndefined();

    const made = await configure(setupUrl(tpp), people.padmin.cookie, "HILLSIDE-GW01");
    expect(made.status).toBe(200);
    const { key } = await readJson<{ key: string }>(made);
    const row = await agentRow(tpp);
    expect(row).toMatchObject({ gatewayHost: "HILLSIDE-GW01", agentKeyHash: hashAgentKey(key), websocketConnected: false, systmoneConnected: false, configuredByUserId: people.padmin.id });
    expect(JSON.stringify(row)).not.toContain(key);
    const [audit] = await t.db.select().from(auditEvents).where(and(eq(auditEvents.action, "agent.configured"), eq(auditEvents.practiceId, tpp.id)));
    expect(audit).toMatchObject({ actorUserId: people.padmin.id, detail: { gatewayHostBefore: null, gatewayHostAfter: "HILLSIDE-GW01", keyIssued: true } });
    expect(JSON.stringify(audit.detail)).not.toContain(key);

    // The page no longer carries the key: it was shown once.
    const page = await load(setupUrl(tpp), people.padmin.cookie);
    const pageText = await page.text();
    expect(pageText).not.toContain(key);
    const notYet = JSON.parse(pageText) as SetupData;
    expect(notYet.status).toMatchObject({ available: true, linked: false, label: "Not linked", message: agentMessages.agentNotRunning(context.config.productName), updated: null });

    // SystmOne logged out on the Gateway machine.
    expect((await report(key, { websocket_connected: true, systmone_connected: false })).status).toBe(200);
    const half = await readJson<SetupData>(await load(setupUrl(tpp), people.padmin.cookie));
    expect(half.status).toMatchObject({ linked: false, message: agentMessages.systmoneNotConnected });

    // Both: linked. The poll says so too.
    const both = await report(key, { websocket_connected: true, systmone_connected: true });
    expect(both.status).toBe(200);
    const linked = await readJson<SetupData>(await load(setupUrl(tpp), people.padmin.cookie));
    expect(linked.status).toMatchObject({ linked: true, label: "Linked", message: "connected" });
    expect(linked.status?.updated).toMatch(/^\d{2}\/\d{2}\/\d{4}/);
    const poll = await callLoader(pollRoute.loader, { request: getRequest(`/agent/setup/status?practice=${tpp.urlCode}`, { cookie: people.padmin.cookie }), context });
    expect(poll.headers.get("Cache-Control")).toBe("no-store");
    expect(await readJson(poll)).toMatchObject({ available: true, linked: true });
    const changes = await t.db.select().from(auditEvents).where(and(eq(auditEvents.action, "agent.status_changed"), eq(auditEvents.practiceId, tpp.id)));
    expect(changes).toHaveLength(2);

    // 16 minutes without a report: the agent is not running, whatever it said last.
    context.clock.advance(16 * 60 * 1000);
    const stale = await readJson<SetupData>(await load(setupUrl(tpp), people.padmin.cookie));
    expect(stale.status).toMatchObject({ linked: false, message: agentMessages.agentNotRunning(context.config.productName) });
    expect((await report(key, { websocket_connected: "true", systmone_connected: "true" }, "application/x-www-form-urlencoded")).status).toBe(200);
    expect((await readJson<SetupData>(await load(setupUrl(tpp), people.padmin.cookie))).status).toMatchObject({ linked: true });
  });

  it("answers a wrong, missing or malformed key with 401 and changes nothing", async () => {
    const before = await agentRow(tpp);
    expect(before).toBeDefined();
    const reply = await report("fdag_" + "x".repeat(43), { websocket_connected: false, systmone_connected: false });
    expect(reply.status).toBe(401);
    expect(reply.headers.get("WWW-Authenticate")).toContain("Bearer");
    expect((await report(null, { websocket_connected: false, systmone_connected: false })).status).toBe(401);
    expect((await report("not-a-key", { websocket_connected: false, systmone_connected: false })).status).toBe(401);
    // The stored hash itself is not a key.
    expect((await report(before.agentKeyHash, { websocket_connected: false, systmone_connected: false })).status).toBe(401);
    expect(await agentRow(tpp)).toEqual(before);
  });

  it("answers a report it cannot read with 400 or 415, and changes nothing", async () => {
    const key = (await readJson<{ key: string }>(await configure(setupUrl(tpp2), people.padminOfTwo.cookie, "GW2"))).key;
    const before = await agentRow(tpp2);
    expect((await report(key, { websocket_connected: true })).status).toBe(400);
    expect((await report(key, "[not json")).status).toBe(400);
    expect((await report(key, { websocket_connected: true, systmone_connected: true }, "text/plain")).status).toBe(415);
    expect(await agentRow(tpp2)).toEqual(before);
  });

  it("renames the Gateway machine without a new key, audited before and after", async () => {
    const before = await agentRow(tpp);
    const saved = await configure(setupUrl(tpp), people.admin.cookie, "HILLSIDE-GW02");
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(setupUrl(tpp));
    expect(await agentRow(tpp)).toMatchObject({ gatewayHost: "HILLSIDE-GW02", agentKeyHash: before.agentKeyHash, configuredByUserId: people.admin.id });
    const [audit] = await t.db.select().from(auditEvents).where(and(eq(auditEvents.action, "agent.gateway_changed"), eq(auditEvents.practiceId, tpp.id)));
    expect(audit).toMatchObject({ actorUserId: people.admin.id, detail: { gatewayHostBefore: "HILLSIDE-GW01", gatewayHostAfter: "HILLSIDE-GW02" } });
    expect((await configure(setupUrl(tpp), people.admin.cookie, "HILLSIDE-GW02")).status).toBe(303);
    expect(await t.db.select().from(auditEvents).where(and(eq(auditEvents.action, "agent.gateway_changed"), eq(auditEvents.practiceId, tpp.id)))).toHaveLength(1);
  });

  it("is silent about a GP system that does not answer: the page says it could not check", async () => {
    await t.db.insert(gpFaults).values({ practiceId: tpp.id, operation: "agent_status", kind: "unavailable" });
    try {
      const page = await readJson<SetupData>(await load(setupUrl(tpp), people.padmin.cookie));
      expect(page.status).toEqual({ available: false });
    } finally {
      await t.db.delete(gpFaults).where(eq(gpFaults.practiceId, tpp.id));
    }
  });
});

describe("a new key (confirm page)", () => {
  const regenUrl = (p: Practice) => `/agent/setup/regenerate?practice=${p.urlCode}`;
  const confirm = (p: Practice, cookie?: string) =>
    callAction(regenerateRoute.action, { request: postRequest(regenUrl(p), {}, { cookie, csrf: context }), context });

  it("asks first, then replaces the key: the old one stops working and the status resets", async () => {
    const page = await callLoader(regenerateRoute.loader, { request: getRequest(regenUrl(tpp), { cookie: people.padmin.cookie }), context });
    expect(page.status).toBe(200);
    expect(await readJson(page)).toMatchObject({ gatewayHost: "HILLSIDE-GW02" });

    const old = await agentRow(tpp);
    const made = await confirm(tpp, people.padmin.cookie);
    expect(made.status).toBe(200);
    const { key } = await readJson<{ key: string }>(made);
    const row = await agentRow(tpp);
    expect(row.agentKeyHash).toBe(hashAgentKey(key));
    expect(row.agentKeyHash).not.toBe(old.agentKeyHash);
    expect(row).toMatchObject({ websocketConnected: false, systmoneConnected: false, statusUpdatedAt: null });
    expect(await t.db.select().from(auditEvents).where(and(eq(auditEvents.action, "agent.key_regenerated"), eq(auditEvents.practiceId, tpp.id)))).toHaveLength(1);
    expect((await report(key, { websocket_connected: true, systmoneConnected: true })).status).toBe(400);
    expect((await report(key, { websocket_connected: true, systmone_connected: true })).status).toBe(200);
  });

  it("guards the confirm page and its post like the setup page", async () => {
    const before = await agentRow(tpp);
    const get = (cookie?: string) => callLoader(regenerateRoute.loader, { request: getRequest(regenUrl(tpp), { cookie }), context });
    expectLogin(await get());
    expectLogin(await confirm(tpp));
    for (const role of ["patient", "gp", "receptionist"] as const) {
      expectDenied(await get(people[role].cookie));
      expectDenied(await confirm(tpp, people[role].cookie));
    }
    expect((await get(people.padminElsewhere.cookie)).status).toBe(404);
    expect((await confirm(tpp, people.padminElsewhere.cookie)).status).toBe(404);
    expect(await agentRow(tpp)).toEqual(before);
  });

  it("sends a practice without an agent to the setup page", async () => {
    const third = await tppPractice();
    const admin = await person({ memberships: [{ practiceId: third.id, role: "practice_admin" }] });
    const response = await callLoader(regenerateRoute.loader, { request: getRequest(regenUrl(third), { cookie: admin.cookie }), context });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(setupUrl(third));
  });
});

describe("the status poll", () => {
  it("is the practice admin's, not another practice's", async () => {
    const poll = (cookie?: string) => callLoader(pollRoute.loader, { request: getRequest(`/agent/setup/status?practice=${tpp.urlCode}`, { cookie }), context });
    expectLogin(await poll());
    expectDenied(await poll(people.gp.cookie));
    expect((await poll(people.padminElsewhere.cookie)).status).toBe(404);
    expect((await poll(people.padmin.cookie)).status).toBe(200);
  });
});
