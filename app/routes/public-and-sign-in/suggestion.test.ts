import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestWorld } from "../../../tests/support/world";
import { makeContext, testConfig, type TestContext } from "../../../tests/support/context";
import { callAction, getRequest, postRequest, readJson, setCookie } from "../../../tests/support/requests";
import { suggestions } from "~/db/schema";
import { FLASH_COOKIE, readFlash } from "~/web/flash.server";
import { action } from "./suggestion";

type Reply = {
  sent: boolean;
  lastResult: { status?: string; error?: Record<string, string[] | null> | null };
};

const t = useTestWorld();
let context: TestContext;
beforeAll(async () => {
  // A product name other than the default, to see feedback_for come from the configuration.
  context = makeContext(t.db, { config: testConfig({ PRODUCT_NAME: "Practice Online" }) });
});
beforeEach(async () => {
  await t.db.delete(suggestions);
});

const send = (fields: Record<string, string>, url = "/suggestion") =>
  callAction(action, { request: postRequest(url, fields), context });

const stored = () =>
  t.db
    .select({ comment: suggestions.comment, feedbackFor: suggestions.feedbackFor, fromPath: suggestions.fromPath, userId: suggestions.userId })
    .from(suggestions)
    .orderBy(desc(suggestions.id));

describe("suggestion action", () => {
  it.each([
    ["an empty comment", { comment: "" }],
    ["no comment field", {}],
    ["a whitespace-only comment", { comment: "  \n\t  " }],
  ])("refuses %s with 400 and 'Please add a suggestion.', storing nothing", async (_name, fields) => {
    const response = await send({ ...fields, returnTo: "/cookies" });
    expect(response.status).toBe(400);
    const reply = await readJson<Reply>(response);
    expect(reply.sent).toBe(false);
    expect(reply.lastResult.status).toBe("error");
    expect(reply.lastResult.error?.comment).toEqual(["Please add a suggestion."]);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it("refuses a comment over 2000 characters", async () => {
    const response = await send({ comment: "x".repeat(2001) });
    expect(response.status).toBe(400);
    const reply = await readJson<Reply>(response);
    expect(reply.lastResult.error?.comment).toEqual(["Your suggestion must be 2000 characters or fewer."]);
    expect(await stored()).toEqual([]);
  });

  it("accepts exactly 2000 characters", async () => {
    const response = await send({ comment: "y".repeat(2000) });
    expect(response.status).toBe(303);
    expect((await stored())[0].comment).toHaveLength(2000);
  });

  it("stores a valid suggestion for the product, then redirects back with a thank-you message", async () => {
    const response = await send({ comment: "  Please add a dark mode.  ", returnTo: "/practice/demo" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/practice/demo");

    expect(await stored()).toEqual([
      { comment: "Please add a dark mode.", feedbackFor: "Practice Online", fromPath: "/practice/demo", userId: null },
    ]);

    const flash = setCookie(response, FLASH_COOKIE);
    expect(flash).toBeDefined();
    const next = getRequest("/practice/demo", { cookie: { [FLASH_COOKIE]: flash!.value } });
    expect(readFlash(context.config.sessionSecret, next)).toEqual({
      kind: "success",
      text: "Your suggestion has been submitted. Thanks for helping to improve Practice Online!",
    });
  });

  it("stores only the path the suggestion came from, never its query string", async () => {
    const response = await send({ comment: "Link expired too soon", returnTo: "/practice/demo?token=secret-value#top" });
    expect(response.headers.get("Location")).toBe("/practice/demo?token=secret-value#top");
    expect((await stored())[0].fromPath).toBe("/practice/demo");
  });

  it.each(["https://evil.example/thanks", "//evil.example", ""])(
    "does not redirect off-site (returnTo %j): back to /suggestion",
    async (returnTo) => {
      const response = await send({ comment: "Nice service", returnTo });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/suggestion");
      expect((await stored())[0].fromPath).toBe("/suggestion");
    },
  );

  describe("from the dialog (mode=dialog)", () => {
    it("answers JSON sent:true instead of redirecting, and stores the suggestion", async () => {
      const response = await send({ comment: "Bigger buttons please", returnTo: "/cookies", mode: "dialog" });
      expect(response.status).toBe(200);
      expect(response.headers.get("Location")).toBeNull();
      expect(response.headers.getSetCookie()).toEqual([]);
      const reply = await readJson<Reply>(response);
      expect(reply.sent).toBe(true);
      expect(reply.lastResult.error ?? null).toBeNull();
      expect(await stored()).toEqual([
        { comment: "Bigger buttons please", feedbackFor: "Practice Online", fromPath: "/cookies", userId: null },
      ]);
    });

    it("answers 400 JSON sent:false for an empty suggestion", async () => {
      const response = await send({ comment: " ", mode: "dialog" });
      expect(response.status).toBe(400);
      const reply = await readJson<Reply>(response);
      expect(reply).toMatchObject({ sent: false, lastResult: { error: { comment: ["Please add a suggestion."] } } });
      expect(await stored()).toEqual([]);
    });
  });

  it("keeps every suggestion (no de-duplication or overwriting)", async () => {
    await send({ comment: "Same idea" });
    await send({ comment: "Same idea" });
    const rows = await t.db.select().from(suggestions).where(eq(suggestions.comment, "Same idea"));
    expect(rows).toHaveLength(2);
  });
});
