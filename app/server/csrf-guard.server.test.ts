import { createRequestHandler, json, type ActionFunctionArgs, type ServerBuild } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { makeContext, csrfTokenForContext } from "../../tests/support/context";
import { callAction, postRequest, wasThrown } from "../../tests/support/requests";
import type { Db } from "~/db/client.server";
import { CSRF_FIELD } from "~/domain/security/csrf.server";
import { CSRF_FAILED_STATUS, withCsrfProtection } from "./csrf-guard.server";

// The guard never touches the database.
const context = makeContext({} as Db);
const token = csrfTokenForContext(context);

type RouteModule = ServerBuild["routes"][string]["module"];

/** A ServerBuild with just enough for the guard and for Remix's data requests. */
function fakeBuild(modules: Record<string, { path?: string; parentId?: string; index?: boolean; module: Partial<RouteModule> }>) {
  const routes: ServerBuild["routes"] = {};
  for (const [id, { path, parentId, index, module }] of Object.entries(modules)) {
    routes[id] = { id, path, parentId, index, caseSensitive: undefined, module: { default: () => null, ...module } as RouteModule };
  }
  return {
    mode: "production",
    entry: { module: { default: () => new Response("document") } },
    routes,
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: {},
    isSpaMode: false,
  } as unknown as ServerBuild;
}

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
  const build = withCsrfProtection(fakeBuild({ "routes/form": { path: "form", module: { action } } }));
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
    const otherVisitor = makeContext({} as Db, { csrfSecret: "another-visitor-secret-0123456789abcdefghijk" });
    const response = await callAction(guarded(action), {
      request: postRequest("/form", { comment: "x" }, { csrf: otherVisitor }),
      context,
    });
    expect(response.status).toBe(403);
    expect(action).not.toHaveBeenCalled();
  });

  it("refuses a token signed with another server secret", async () => {
    const action = recordingAction();
    const otherServer = makeContext({} as Db, {
      config: { ...context.config, sessionSecret: "some-other-deployment-secret-0123456789" },
    });
    const response = await callAction(guarded(action), {
      request: postRequest("/form", { comment: "x" }, { csrf: otherServer }),
      context,
    });
    expect(response.status).toBe(403);
    expect(action).not.toHaveBeenCalled();
  });

  it("leaves routes without an action untouched, and does not modify the build it is given", () => {
    const loader = () => json({ ok: true });
    const action = recordingAction();
    const build = fakeBuild({
      root: { module: { loader } },
      "routes/page": { path: "page", parentId: "root", module: { loader } },
      "routes/form": { path: "form", parentId: "root", module: { loader, action } },
    });
    const guardedBuild = withCsrfProtection(build);
    expect(guardedBuild.routes.root).toBe(build.routes.root);
    expect(guardedBuild.routes["routes/page"]).toBe(build.routes["routes/page"]);
    expect(guardedBuild.routes["routes/page"].module.action).toBeUndefined();
    // The form route gets a new action but keeps everything else.
    expect(guardedBuild.routes["routes/form"].module.action).not.toBe(action);
    expect(guardedBuild.routes["routes/form"].module.loader).toBe(loader);
    expect(build.routes["routes/form"].module.action).toBe(action);
    expect(guardedBuild.entry).toBe(build.entry);
    expect(guardedBuild.assets).toBe(build.assets);
  });

  describe("through Remix's request handler", () => {
    const action = recordingAction();
    const handler = createRequestHandler(
      withCsrfProtection(
        fakeBuild({
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
