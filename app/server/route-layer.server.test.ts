import { fileURLToPath } from "node:url";
import { createRequestHandler, json, type ActionFunctionArgs } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { makeContext, csrfTokenForContext } from "../../tests/support/context";
import { callAction, postRequest, wasThrown } from "../../tests/support/requests";
import type { Db } from "~/db/client.server";
import { CSRF_FIELD } from "~/domain/security/csrf.server";
import { areaRoutes } from "../route-table.mjs";
import { CSRF_FAILED_STATUS, routePattern, withRouteLayer as withCsrfProtection } from "./route-layer.server";
import { standInBuild } from "../../tests/support/server-build";

// The guard never touches the database. Maintenance mode (which reads it) is tested against a
// real database in app/routes/administration/system-admin.test.ts: here it is off.
/**
 * No real database: the route layer's only own query is whether maintenance mode is on, and this
 * one answers that there is no settings row (off). (Not vi.mock: test files share modules.)
 */
const noSettingsDb = { select: () => ({ from: () => ({ where: async () => [] }) }) } as unknown as Db;
const context = makeContext(noSettingsDb);
const token = csrfTokenForContext(context);

/** An action that records what it read from the body, proving the guard left it unread. */
function recordingAction() {
  return vi.fn(async ({ request }: ActionFunctionArgs) => {
    const form = await request.formData();
    const file = form.get("attachment");
    return json({
      comment: form.get("comment"),
      file: file instanceof File ? { name: file.name, text: await file.text() } : null,
    });
  });
}

function guarded(action: ReturnType<typeof recordingAction>) {
  const build = withCsrfProtection(standInBuild({ "routes/form": { path: "form", module: { action } } }));
  return build.routes["routes/form"].module.action!;
}

describe("withCsrfProtection", () => {
  it("lets a form with the right token through, and the action can still read the body", async () => {
    const action = recordingAction();
    const response = await callAction(guarded(action), {
      request: postRequest("/form", { comment: "Hello practice" }, { csrf: context }),
      context,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ comment: "Hello practice", file: null });
    expect(action).toHaveBeenCalledTimes(1);
  });

  it("lets a multipart form with the token through, files intact", async () => {
    const action = recordingAction();
    const form = new FormData();
    form.set("comment", "See attached");
    form.set("attachment", new File(["rash photo bytes"], "rash.jpg", { type: "image/jpeg" }));
    const request = postRequest("/form", form, { csrf: context });
    expect(request.headers.get("Content-Type")).toMatch(/^multipart\/form-data; boundary=/);
    const response = await callAction(guarded(action), { request, context });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ comment: "See attached", file: { name: "rash.jpg", text: "rash photo bytes" } });
  });

  it("parses the body once: the action's formData() answers from the layer's parse, a fresh copy each time", async () => {
    const parses = vi.spyOn(Request.prototype, "formData");
    try {
      const action = vi.fn(async ({ request }: ActionFunctionArgs) => {
        const first = await request.formData();
        first.set("comment", "changed by the action");
        first.append("extra", "1");
        const second = await request.formData();
        return json({ first: first.get("comment"), second: second.get("comment"), extra: second.get("extra"), token: second.get(CSRF_FIELD) !== null });
      });
      const response = await callAction(guarded(action as unknown as ReturnType<typeof recordingAction>), {
        request: postRequest("/form", { comment: "Hello practice" }, { csrf: context }),
        context,
      });
      expect(await response.json()).toEqual({ first: "changed by the action", second: "Hello practice", extra: null, token: true });
      expect(parses).toHaveBeenCalledTimes(1);
    } finally {
      parses.mockRestore();
    }
  });

  const refused: [string, () => Request][] = [
    ["no token", () => postRequest("/form", { comment: "x" })],
    ["an empty token", () => postRequest("/form", { comment: "x", [CSRF_FIELD]: "" })],
    ["a wrong token", () => postRequest("/form", { comment: "x", [CSRF_FIELD]: "A".repeat(token.length) })],
    ["a token of another length", () => postRequest("/form", { comment: "x", [CSRF_FIELD]: `${token}x` })],
    [
      "a multipart form without the token",
      () => {
        const form = new FormData();
        form.set("comment", "x");
        return postRequest("/form", form);
      },
    ],
    [
      "the right token in a JSON body",
      () =>
        new Request("http://localhost/form", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ [CSRF_FIELD]: token, comment: "x" }),
        }),
    ],
    [
      "the right token as text/plain (what a cross-site form with enctype=text/plain sends)",
      () =>
        new Request("http://localhost/form", {
          method: "POST",
          headers: { "Content-Type": "text/plain" },
          body: `${CSRF_FIELD}=${token}&comment=x`,
        }),
    ],
    [
      "no Content-Type at all",
      () => new Request("http://localhost/form", { method: "POST", body: new Blob([`${CSRF_FIELD}=${token}`]) }),
    ],
    [
      "a multipart Content-Type whose body is not multipart",
      () =>
        new Request("http://localhost/form", {
          method: "POST",
          headers: { "Content-Type": "multipart/form-data; boundary=nothing-here" },
          body: `${CSRF_FIELD}=${token}`,
        }),
    ],
  ];

  it.each(refused)("throws a 403 Response for %s, without calling the action", async (_name, makeRequest) => {
    const action = recordingAction();
    const response = await callAction(guarded(action), { request: makeRequest(), context });
    expect(wasThrown(response)).toBe(true);
    expect(response.status).toBe(CSRF_FAILED_STATUS);
    expect(response.status).toBe(403);
    expect(action).not.toHaveBeenCalled();
  });

  it("refuses a token minted for another visitor's secret", async () => {
    const action = recordingAction();
    const otherVisitor = makeContext(noSettingsDb, { csrfSecret: "another-visitor-secret-0123456789abcdefghijk" });
    const response = await callAction(guarded(action), {
      request: postRequest("/form", { comment: "x" }, { csrf: otherVisitor }),
      context,
    });
    expect(response.status).toBe(403);
    expect(action).not.toHaveBeenCalled();
  });

  it("refuses a token signed with another server secret", async () => {
    const action = recordingAction();
    const otherServer = makeContext(noSettingsDb, {
      config: { ...context.config, sessionSecret: "some-other-deployment-secret-0123456789" },
    });
    const response = await callAction(guarded(action), {
      request: postRequest("/form", { comment: "x" }, { csrf: otherServer }),
      context,
    });
    expect(response.status).toBe(403);
    expect(action).not.toHaveBeenCalled();
  });

  it("wraps every loader and action, and does not modify the build it is given", () => {
    const loader = () => json({ ok: true });
    const action = recordingAction();
    const build = standInBuild({
      root: { module: { loader } },
      "routes/page": { path: "page", parentId: "root", module: { loader } },
      "routes/form": { path: "form", parentId: "root", module: { loader, action } },
    });
    const guardedBuild = withCsrfProtection(build);
    expect(guardedBuild.routes["routes/page"].module.loader).not.toBe(loader);
    expect(guardedBuild.routes["routes/page"].module.action).toBeUndefined();
    expect(guardedBuild.routes["routes/form"].module.action).not.toBe(action);
    expect(guardedBuild.routes["routes/form"].module.default).toBe(build.routes["routes/form"].module.default);
    // The build given keeps its own functions.
    expect(build.routes["routes/form"].module.action).toBe(action);
    expect(build.routes["routes/page"].module.loader).toBe(loader);
    expect(guardedBuild.entry).toBe(build.entry);
    expect(guardedBuild.assets).toBe(build.assets);
  });

  describe("Origin", () => {
    const withOrigin = (origin: string | null) => {
      const request = postRequest("/form", { comment: "x" }, { csrf: context });
      const headers = new Headers(request.headers);
      headers.set("Host", "localhost");
      if (origin !== null) headers.set("Origin", origin);
      return new Request(request.url, { method: "POST", headers, body: request.body, duplex: "half" } as RequestInit);
    };

    it.each([["another site", "https://evil.example"], ["an opaque origin", "null"], ["a malformed origin", "::"]])(
      "refuses a post from %s with 403 even with a valid token",
      async (_name, origin) => {
        const action = recordingAction();
        const response = await callAction(guarded(action), { request: withOrigin(origin), context });
        expect(response.status).toBe(403);
        expect(action).not.toHaveBeenCalled();
      },
    );

    it("accepts the same origin, and no Origin at all (old browsers send none)", async () => {
      for (const origin of ["http://localhost", null]) {
        const action = recordingAction();
        const response = await callAction(guarded(action), { request: withOrigin(origin), context });
        expect(response.status).toBe(200);
      }
    });
  });

  describe("input no route accepts", () => {
    it("answers a NUL byte in a form field with 400 naming the field, before the action runs", async () => {
      const action = recordingAction();
      const response = await callAction(guarded(action), {
        request: postRequest("/form", { dateOfBirth: "1\u00002" }, { csrf: context }),
        context,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ kind: "bad_input", fields: ["date of birth"] });
      expect(action).not.toHaveBeenCalled();
    });

    it("answers a NUL or another control character in the query with 400 before the loader runs", async () => {
      const loader = vi.fn(() => json({ ok: true }));
      const build = withCsrfProtection(standInBuild({ "routes/page": { path: "page", module: { loader } } }));
      const guardedLoader = build.routes["routes/page"].module.loader!;
      for (const query of ["q=%00", "q=a%1Bb", "q=%7F"]) {
        const result = await Promise.resolve(
          guardedLoader({ request: new Request(`http://localhost/page?${query}`), context, params: {} }),
        ).catch((e: unknown) => e);
        expect((result as Response).status).toBe(400);
      }
      expect(loader).not.toHaveBeenCalled();
    });

    it("refuses a list index no form has (x[1000000]) and a field without a name, before the action runs", async () => {
      for (const fields of [{ "intent[1000000]": "x" }, { "medication[0001]": "x" }] as Record<string, string>[]) {
        const action = recordingAction();
        const response = await callAction(guarded(action), { request: postRequest("/form", fields, { csrf: context }), context });
        expect(response.status).toBe(400);
        expect(action).not.toHaveBeenCalled();
      }
      const unnamed = new FormData();
      unnamed.set("", "x");
      const action = recordingAction();
      const response = await callAction(guarded(action), { request: postRequest("/form", unnamed, { csrf: context }), context });
      expect(response.status).toBe(400);
      expect(action).not.toHaveBeenCalled();
      // An ordinary list passes.
      const ok = recordingAction();
      expect((await callAction(guarded(ok), { request: postRequest("/form", { "medication[12]": "x", comment: "c" }, { csrf: context }), context })).status).toBe(200);
    });

    it("keeps tabs, line breaks and odd but valid unicode", async () => {
      const action = recordingAction();
      const comment = "Line one\r\n\tLine two 👩🏽‍⚕️ Zoë ﷽";
      const response = await callAction(guarded(action), { request: postRequest("/form", { comment }, { csrf: context }), context });
      expect(response.status).toBe(200);
      expect((await response.json()).comment).toBe(comment);
    });
  });

  describe("database faults", () => {
    const failing = (error: unknown) => {
      const build = withCsrfProtection(
        standInBuild({
          "routes/form": {
            path: "form",
            module: {
              loader: () => {
                throw error;
              },
              action: () => {
                throw error;
              },
            },
          },
        }),
      );
      return build.routes["routes/form"].module;
    };
    const lostConnection = Object.assign(new Error("Failed query"), { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }) });

    it("answers a lost database with 503 and Retry-After, giving back what was typed but never a password", async () => {
      const response = await callAction(failing(lostConnection).action!, {
        request: postRequest("/form", { message: "My knee hurts", currentPassword: "secret-secret" }, { csrf: context }),
        context,
      });
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("5");
      const data = await response.json();
      expect(data.kind).toBe("unavailable");
      expect(data.resubmit.action).toBe("/form");
      expect(data.resubmit.fields).toContainEqual({ name: "message", value: "My knee hurts" });
      expect(JSON.stringify(data)).not.toContain("secret-secret");
    });

    it("answers a lost database on a page with 503", async () => {
      const result = await Promise.resolve(
        failing(lostConnection).loader!({ request: new Request("http://localhost/form"), context, params: {} }),
      ).catch((e: unknown) => e);
      expect((result as Response).status).toBe(503);
    });

    it("answers a value the database refuses (SQLSTATE 22) with 400, not 500", async () => {
      const outOfRange = Object.assign(new Error("Failed query"), { cause: Object.assign(new Error("value out of range"), { code: "22003" }) });
      const response = await callAction(failing(outOfRange).action!, {
        request: postRequest("/form", { id: "99999999999" }, { csrf: context }),
        context,
      });
      expect(response.status).toBe(400);
    });

    it("lets any other error through unchanged", async () => {
      const bug = new TypeError("a bug");
      const result = await Promise.resolve(
        failing(bug).loader!({ request: new Request("http://localhost/form"), context, params: {} }),
      ).catch((e: unknown) => e);
      expect(result).toBe(bug);
    });
  });

  describe("through Remix's request handler", () => {
    const action = recordingAction();
    const handler = createRequestHandler(
      withCsrfProtection(
        standInBuild({
          root: { module: {} },
          "routes/form": { path: "form", parentId: "root", module: { action } },
        }),
      ),
      "production",
    );
    const dataRequest = (init: Parameters<typeof postRequest>) => {
      const request = postRequest(...init);
      return new Request(`${request.url}?_data=routes%2Fform`, {
        method: "POST",
        headers: request.headers,
        body: request.body,
        duplex: "half",
      } as RequestInit);
    };

    it("runs the action when the token is right", async () => {
      const response = await handler(dataRequest(["/form", { comment: "via Remix" }, { csrf: context }]), context);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ comment: "via Remix", file: null });
    });

    it("answers 403 when it is not", async () => {
      action.mockClear();
      const response = await handler(dataRequest(["/form", { comment: "forged" }]), context);
      expect(response.status).toBe(403);
      expect(action).not.toHaveBeenCalled();
    });
  });
});

describe("machine routes (docs/decisions/0077)", () => {
  const machineAction = () => vi.fn(async ({ request }: ActionFunctionArgs) => json({ body: await request.text() }));
  const build = (id: string, action: ReturnType<typeof machineAction>) =>
    withCsrfProtection(standInBuild({ [id]: { path: "x", module: { action } } })).routes[id].module.action!;
  const jsonPost = (origin?: string) =>
    new Request("http://localhost/agent/status", {
      method: "POST",
      headers: { "Content-Type": "application/json", Host: "localhost", ...(origin ? { Origin: origin } : {}) },
      body: JSON.stringify({ websocket_connected: true }),
    });

  it("lets only the agent's status report through without a CSRF token", async () => {
    const action = machineAction();
    const response = await callAction(build("routes/agent.status", action), { request: jsonPost(), context });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ body: JSON.stringify({ websocket_connected: true }) });

    const other = machineAction();
    const refused = await callAction(build("routes/agent.setup", other), { request: jsonPost(), context });
    expect(refused.status).toBe(CSRF_FAILED_STATUS);
    expect(other).not.toHaveBeenCalled();
  });

  it("still refuses a post from another site to the machine route", async () => {
    const action = machineAction();
    const response = await callAction(build("routes/agent.status", action), { request: jsonPost("https://evil.example"), context });
    expect(response.status).toBe(403);
    expect(action).not.toHaveBeenCalled();
  });
});

describe("routePattern (where a route reads its practice code, decision 0152)", () => {
  const { routes } = standInBuild({
    root: { path: "", module: {} },
    "routes/$practiceCode": { path: ":practiceCode", parentId: "root", module: {} },
    "routes/$practiceCode.inboxes": { path: "inboxes/", parentId: "routes/$practiceCode", module: {} },
    "routes/$practiceCode.inboxes._index": { parentId: "routes/$practiceCode.inboxes", index: true, module: {} },
    "routes/practice.$practiceCode._index": { path: "practice/:practiceCode", parentId: "root", index: true, module: {} },
    "routes/_auth": { parentId: "root", module: {} },
    "routes/_auth.$practiceCode.login": { path: ":practiceCode/login", parentId: "routes/_auth", module: {} },
  });

  it("joins the layouts' paths before the route's own, skipping pathless layouts and index routes' missing paths", () => {
    expect(routePattern(routes, "root")).toBe("/");
    expect(routePattern(routes, "routes/$practiceCode.inboxes._index")).toBe("/:practiceCode/inboxes");
    expect(routePattern(routes, "routes/practice.$practiceCode._index")).toBe("/practice/:practiceCode");
    expect(routePattern(routes, "routes/_auth.$practiceCode.login")).toBe("/:practiceCode/login");
  });

  it("finds :practiceCode in the pattern of every route of the app that reads one", () => {
    const manifest = areaRoutes(fileURLToPath(new URL("..", import.meta.url)));
    const reading = Object.keys(manifest).filter((id) => id.includes("$practiceCode"));
    expect(reading.length).toBeGreaterThan(100);
    expect(reading.filter((id) => !routePattern(manifest, id).split("/").includes(":practiceCode"))).toEqual([]);
  });
});
