/**
 * Old links after a practice's url code changed (decision 0152), through Remix's own request
 * handler and the route layer, with real route modules on a real database: a GET of the former
 * code is a 301 to the current one (document and data requests), a post a 307 that the repeated
 * post at the new address then runs, an unknown code still a 404, a code another practice has
 * taken that practice's own page; and a page whose practice is found asks nothing more.
 */
import { createRequestHandler } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { londonInstant } from "~/domain/requests/demand";
import { updatePractice } from "~/domain/practices/settings.server";
import type { Practice } from "~/domain/practices/practices.server";
import { IDEMPOTENCY_FIELD } from "~/server/idempotency.server";
import { withRouteLayer } from "~/server/route-layer.server";
import { newRequestMemo } from "~/server/request-memo.server";
import * as messageStart from "~/routes/requests/$practiceCode.message._index";
import * as practiceLanding from "~/routes/public-and-sign-in/practice.$practiceCode._index";
import { useTestWorld, uniqueCode } from "../../tests/support/world";
import { makePractice, makeUser } from "../../tests/support/session-fixtures";
import { signedInPatient } from "../../tests/support/request-fixtures";
import { getRequest, postRequest } from "../../tests/support/requests";
import { statementsDuring } from "../../tests/support/statements";
import { standInBuild, type RouteModule } from "../../tests/support/server-build";

const t = useTestWorld();

/** The two screens an old link most often names, as the route table declares them, behind the route layer. */
function handler() {
  const build = standInBuild({
    root: { path: "", module: {} },
    "routes/$practiceCode.message._index": {
      parentId: "root",
      path: ":practiceCode/message",
      index: true,
      module: messageStart as unknown as RouteModule,
    },
    "routes/practice.$practiceCode._index": {
      parentId: "root",
      path: "practice/:practiceCode",
      index: true,
      module: practiceLanding as unknown as RouteModule,
    },
  });
  const handle = createRequestHandler(withRouteLayer(build), "production");
  // As server.ts does: one context per HTTP request, with its memo for the page's loaders.
  return (request: Request) => handle(request, { ...t.context, memo: newRequestMemo() });
}

let send: ReturnType<typeof handler>;
beforeAll(() => {
  // Monday 23 November 2026, 10:00 in London: requests are open.
  t.context.clock.set(londonInstant("2026-11-23", "10:00"));
  send = handler();
});

async function renamed(practice: Practice, urlCode: string): Promise<Practice> {
  const admin = await makeUser(t.context, { globalRoles: ["admin"] });
  const result = await updatePractice(t.context, { userId: admin.id }, practice, "details", { urlCode });
  if (result.status !== "saved") throw new Error(result.status);
  return result.practice;
}

/** A practice that was `old` and is now `current`, with a signed-in patient. */
async function movedPractice() {
  const old = uniqueCode("old");
  const current = uniqueCode("new");
  const practice = await renamed(await makePractice(t.context, { urlCode: old, name: "Moved Surgery" }), current);
  const patient = await signedInPatient(t.context, practice.id);
  return { old, current, practice, patient };
}

const formerCodeStatements = (statements: string[]) => statements.filter((s) => s.includes("practice_former_url_codes"));

describe("an old link to a practice whose url code changed", () => {
  it("GET: a permanent redirect to the same page at the current code, query kept, not kept by the browser", async () => {
    const { old, current, patient } = await movedPractice();
    const response = await send(getRequest(`/${old}/message?from=sms&ref=42`, { cookie: patient.cookie }));
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe(`/${current}/message?from=sms&ref=42`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    // Whatever case the link was written in.
    const shouted = await send(getRequest(`/${old.toUpperCase()}/message`));
    expect([shouted.status, shouted.headers.get("Location")]).toEqual([301, `/${current}/message`]);
  });

  it("HEAD is a 301 too, and the poster's practice page (/practice/{code}) follows the code", async () => {
    const { old, current } = await movedPractice();
    const head = await send(new Request(`http://localhost/${old}/message`, { method: "HEAD" }));
    expect([head.status, head.headers.get("Location")]).toEqual([301, `/${current}/message`]);
    const poster = await send(getRequest(`/practice/${old}?utm_source=poster`));
    expect([poster.status, poster.headers.get("Location")]).toEqual([301, `/practice/${current}?utm_source=poster`]);
    const page = await send(getRequest(`/practice/${current}`));
    expect(page.status).toBe(200);
  });

  it("a client-side navigation (JS on) is told the new address the Remix way", async () => {
    const { old, current, patient } = await movedPractice();
    const response = await send(getRequest(`/${old}/message?_data=routes%2F%24practiceCode.message._index`, { cookie: patient.cookie }));
    expect(response.status).toBe(204);
    expect(response.headers.get("X-Remix-Redirect")).toBe(`/${current}/message`);
    expect(response.headers.get("X-Remix-Status")).toBe("301");
  });

  it("POST: a 307, so the browser posts the same form (CSRF token and all) to the new address, where it runs", async () => {
    const { old, current, patient } = await movedPractice();
    const fields = { who: "myself", [IDEMPOTENCY_FIELD]: `key-${uniqueCode("k")}` };
    const first = await send(postRequest(`/${old}/message?index`, fields, { cookie: patient.cookie, csrf: t.context }));
    expect(first.status).toBe(307);
    expect(first.headers.get("Location")).toBe(`/${current}/message?index`);
    // The same post, same idempotency key, at the new address: it runs (no stored 307 sends it round again).
    const again = await send(postRequest(first.headers.get("Location")!, fields, { cookie: patient.cookie, csrf: t.context }));
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe(`/${current}/message/myself`);
  });

  it("an unknown code is still page-not-found, for a GET and a post", async () => {
    const unknown = uniqueCode("none");
    expect((await send(getRequest(`/${unknown}/message`))).status).toBe(404);
    expect((await send(getRequest(`/practice/${unknown}`))).status).toBe(404);
    const post = await send(postRequest(`/${unknown}/message?index`, { who: "myself" }, { csrf: t.context }));
    expect(post.status).toBe(404);
    // A wrong-shaped code asks nothing either.
    expect((await send(getRequest(`/practice/no-such-code`))).status).toBe(404);
  });

  it("a code another practice has taken since answers that practice's pages", async () => {
    const { old, current } = await movedPractice();
    const taker = await makePractice(t.context, { urlCode: old, name: "Taker Surgery" });
    const page = await send(getRequest(`/practice/${old}`));
    expect(page.status).toBe(200);
    const signedIn = await signedInPatient(t.context, taker.id);
    const start = await send(getRequest(`/${old}/message`, { cookie: signedIn.cookie }));
    expect(start.status).toBe(302);
    expect(start.headers.get("Location")).toBe(`/${old}/message/myself`);
    expect(start.headers.get("Location")).not.toContain(current);
  });

  it("costs a page whose practice is found no statement; a former code costs one lookup for the whole page", async () => {
    const { old, current, patient } = await movedPractice();
    const found = await statementsDuring(t.kind, () => send(getRequest(`/${current}/message`, { cookie: patient.cookie })));
    expect(found.result.status).toBe(302);
    expect(found.statements.length).toBeGreaterThan(0);
    expect(formerCodeStatements(found.statements)).toEqual([]);
    const moved = await statementsDuring(t.kind, () => send(getRequest(`/${old}/message`, { cookie: patient.cookie })));
    expect(moved.result.status).toBe(301);
    expect(formerCodeStatements(moved.statements)).toHaveLength(1);
  });
});
