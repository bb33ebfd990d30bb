/**
 * A submission is saved once or not at all (docs/decisions/0072): a post repeated with the same
 * page key and the same content gets the first post's redirect and never runs twice; a failed
 * post stores nothing; twins arriving together run once.
 */
import { redirect } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FLASH_COOKIE } from "~/web/flash.server";
import { useTestWorld } from "../../tests/support/world";
import { type TestContext } from "../../tests/support/context";
import { getViewerState, getViewerStateAndPractice, viewerReadingClaimer } from "~/web/auth/viewer.server";
import { makePractice, makeUser, signInAs } from "../../tests/support/session-fixtures";
import { formFingerprint, runOnce } from "./idempotency.server";
import { eq } from "drizzle-orm";
import { idempotencyKeys } from "~/db/schema";
import type { PostRecord } from "~/domain/requests/entries.server";
import { lastWriteWithPostRecord } from "~/web/post-record.server";
import { statementsDuring } from "../../tests/support/statements";

const t = useTestWorld({ onContext: (c) => (context = c) });
let context: TestContext;
let n = 0;

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};
const key = () => `page-key-${++n}`;
const sent = () => redirect("/demo/submitted", { status: 303, headers: { "Set-Cookie": `${FLASH_COOKIE}=signed-message; Path=/; HttpOnly` } });

describe("runOnce", () => {
  it("answers a repeated post with the first post's redirect and flash, without running it again", async () => {
    const action = vi.fn(async () => sent());
    const input = { routeId: "routes/send", key: key(), form: form({ message: "My knee hurts" }) };
    const first = (await runOnce(context, input, action)) as Response;
    const again = (await runOnce(context, { ...input, form: form({ message: "My knee hurts" }) }, action)) as Response;
    expect(action).toHaveBeenCalledTimes(1);
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(again.headers.get("Set-Cookie")).toContain(`${FLASH_COOKIE}=signed-message`);
  });

  it("records a redirect the action throws, as Remix actions may", async () => {
    const action = vi.fn(async () => {
      throw sent();
    });
    const input = { routeId: "routes/send", key: key(), form: form({ a: "1" }) };
    await expect(runOnce(context, input, action)).rejects.toBeInstanceOf(Response);
    const again = (await runOnce(context, input, action)) as Response;
    expect(action).toHaveBeenCalledTimes(1);
    expect(again.status).toBe(303);
  });

  it("runs twins arriving together once, and both get the redirect", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const action = vi.fn(async () => {
      await gate;
      return sent();
    });
    const input = { routeId: "routes/send", key: key(), form: form({ message: "twice" }) };
    const both = Promise.all([runOnce(context, input, action), runOnce(context, input, action)]);
    setTimeout(release, 200);
    const [a, b] = (await both) as Response[];
    expect(action).toHaveBeenCalledTimes(1);
    expect([a.status, b.status]).toEqual([303, 303]);
  });

  it("stores nothing for a post that failed (400, or an error): sending it again runs it again", async () => {
    const invalid = vi.fn(async () => new Response("{}", { status: 400 }));
    const input = { routeId: "routes/send", key: key(), form: form({ message: "" }) };
    await runOnce(context, input, invalid);
    await runOnce(context, input, invalid);
    expect(invalid).toHaveBeenCalledTimes(2);

    const broken = vi.fn(async () => {
      throw new Error("database went away");
    });
    const input2 = { routeId: "routes/send", key: key(), form: form({ message: "x" }) };
    await expect(runOnce(context, input2, broken)).rejects.toThrow("database went away");
    const ok = vi.fn(async () => sent());
    expect(((await runOnce(context, input2, ok)) as Response).status).toBe(303);
    expect(ok).toHaveBeenCalledTimes(1);
  });

  it("treats other content, another route or another visitor as a new post", async () => {
    const action = vi.fn(async () => sent());
    const k = key();
    await runOnce(context, { routeId: "routes/send", key: k, form: form({ message: "one" }) }, action);
    await runOnce(context, { routeId: "routes/send", key: k, form: form({ message: "two" }) }, action);
    await runOnce(context, { routeId: "routes/other", key: k, form: form({ message: "one" }) }, action);
    await runOnce({ ...context, csrfSecret: "another-visitor-secret-0123456789abcdefghijk" }, { routeId: "routes/send", key: k, form: form({ message: "one" }) }, action);
    expect(action).toHaveBeenCalledTimes(4);
  });

  it("never replays a session cookie: a sign-in runs each time", async () => {
    const signIn = vi.fn(async () => redirect("/", { headers: { "Set-Cookie": "__session=abc; Path=/; HttpOnly" } }));
    const input = { routeId: "routes/login", key: key(), form: form({ email: "a@example.com" }) };
    await runOnce(context, input, signIn);
    await runOnce(context, input, signIn);
    expect(signIn).toHaveBeenCalledTimes(2);
  });
});

describe("runOnce, claiming with the viewer's read (the route layer's posts)", () => {
  it("claims in the viewer's round trip, where the action then finds its viewer and practice", async () => {
    const practice = await makePractice(context);
    const user = await makeUser(context, { patientAt: practice.id });
    const { cookie } = await signInAs(context, user.id);
    const input = { routeId: "routes/send", key: key(), form: form({ message: "with the viewer" }) };
    const post = () => new Request(`http://localhost/${practice.urlCode}/send`, { method: "POST", headers: { cookie } });

    const first = post();
    const action = vi.fn(async () => {
      // The guard's read finds what the claim read: the same viewer, no second round trip.
      const [state, found] = await getViewerStateAndPractice(first, context, practice.urlCode);
      expect(state.viewer?.userId).toBe(user.id);
      expect(found?.id).toBe(practice.id);
      return sent();
    });
    const claimer = viewerReadingClaimer(first, context, { practiceCode: practice.urlCode });
    expect(claimer).toBeDefined();
    expect(((await runOnce(context, input, action, claimer)) as Response).status).toBe(303);
    // The same post again, also claiming with its viewer: the key is taken, the redirect replayed.
    const again = post();
    const replayed = (await runOnce(context, input, action, viewerReadingClaimer(again, context, { practiceCode: practice.urlCode }))) as Response;
    expect(action).toHaveBeenCalledTimes(1);
    expect(replayed.headers.get("Location")).toBe("/demo/submitted");
  });

  it("claims on its own without a session cookie, or once the viewer is read", async () => {
    const practice = await makePractice(context);
    expect(viewerReadingClaimer(new Request("http://localhost/x", { method: "POST" }), context, { practiceCode: practice.urlCode })).toBeUndefined();
    const user = await makeUser(context);
    const { cookie } = await signInAs(context, user.id);
    const post = new Request("http://localhost/x", { method: "POST", headers: { cookie } });
    await getViewerState(post, context);
    expect(viewerReadingClaimer(post, context, { practiceCode: practice.urlCode })).toBeUndefined();
  });
});

describe("runOnce, a claim whose answer was lost (the database went away as it committed)", () => {
  /** A claimer whose statement commits the claim, then loses its connection before the answer. */
  const committedThenLost =
    (after?: (keyHash: string) => Promise<unknown>) =>
    async ({ keyHash, routeId }: { keyHash: string; routeId: string }) => {
      await context.db.insert(idempotencyKeys).values({ keyHash, routeId });
      if (after) await after(keyHash);
      throw new Error("Connection terminated unexpectedly");
    };

  it("lets the repeat of the post take its own orphaned claim over and run at once, then replays it", async () => {
    const action = vi.fn(async () => sent());
    const input = { routeId: "routes/send", key: key(), form: form({ message: "lost in the outage" }) };
    await expect(runOnce(context, input, action, committedThenLost())).rejects.toThrow("Connection terminated");
    expect(action).not.toHaveBeenCalled();
    const started = Date.now();
    const again = (await runOnce(context, input, action)) as Response;
    // Not "still being processed" after waiting for a first post that is not running anywhere.
    expect(again.status).toBe(303);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(action).toHaveBeenCalledTimes(1);
    const third = (await runOnce(context, input, action)) as Response;
    expect(third.headers.get("Location")).toBe("/demo/submitted");
    expect(action).toHaveBeenCalledTimes(1);
  });

  it("never takes over a claim that has its answer: the answer is replayed", async () => {
    const action = vi.fn(async () => sent());
    const input = { routeId: "routes/send", key: key(), form: form({ message: "answered, then lost" }) };
    const answered = committedThenLost((keyHash) =>
      context.db.update(idempotencyKeys).set({ status: 303, location: "/demo/first-answer" }).where(eq(idempotencyKeys.keyHash, keyHash)),
    );
    await expect(runOnce(context, input, action, answered)).rejects.toThrow("Connection terminated");
    const again = (await runOnce(context, input, action)) as Response;
    expect(again.headers.get("Location")).toBe("/demo/first-answer");
    expect(action).not.toHaveBeenCalled();
  });
});

describe("runOnce, the answer stored with the action's last write (decision 0158)", () => {
  /** The action's last write, as saveAnswers makes it: its own change and the record, together. */
  const writeCarrying = (record: PostRecord | null) =>
    record
      ? context.db
          .update(idempotencyKeys)
          .set({ status: record.status, location: record.location, flash: null })
          .where(eq(idempotencyKeys.keyHash, record.keyHash))
          .then(() => true)
      : Promise.resolve(false);
  const post = () => new Request("http://localhost/demo/questions/1", { method: "POST" });
  const keyRows = () => context.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.routeId, "routes/questions"));

  it("stores nothing more when the action answers with the redirect its last write stored; a repeat gets it", async () => {
    const request = post();
    const action = vi.fn(async () => {
      await lastWriteWithPostRecord(request, "/demo/questions/1?page=2", writeCarrying);
      return redirect("/demo/questions/1?page=2", 303);
    });
    const input = { routeId: "routes/questions", key: key(), form: form({ q31: "fit_note" }), request };
    // The claim, the action's write: no statement of runOnce's own after the action.
    const { result, statements } = await statementsDuring(t.kind, () => runOnce(context, input, action));
    expect((result as Response).status).toBe(303);
    expect(statements.filter((s) => /^\s*update "idempotency_keys"/i.test(s))).toHaveLength(1);
    const again = (await runOnce(context, { ...input, request: post(), form: form({ q31: "fit_note" }) }, action)) as Response;
    expect(action).toHaveBeenCalledTimes(1);
    expect(again.headers.get("Location")).toBe("/demo/questions/1?page=2");
  });

  it("stores the answer the action gave when it is not the one its last write stored, and forgets a failed post's", async () => {
    const request = post();
    const elsewhere = vi.fn(async () => {
      await lastWriteWithPostRecord(request, "/demo/questions/1?page=2", writeCarrying);
      return redirect("/demo/questions/1/emergency", 303);
    });
    const input = { routeId: "routes/questions", key: key(), form: form({ q31: "chest_pain" }), request };
    await runOnce(context, input, elsewhere);
    const replayed = (await runOnce(context, { ...input, request: post() }, elsewhere)) as Response;
    expect(replayed.headers.get("Location")).toBe("/demo/questions/1/emergency");
    expect(elsewhere).toHaveBeenCalledTimes(1);

    const failing = post();
    const failed = vi.fn(async () => {
      await lastWriteWithPostRecord(failing, "/demo/questions/1?page=2", writeCarrying);
      return new Response("{}", { status: 400 });
    });
    const input2 = { routeId: "routes/questions", key: key(), form: form({ q31: "letter" }), request: failing };
    await runOnce(context, input2, failed);
    await runOnce(context, { ...input2, request: post() }, failed);
    expect(failed).toHaveBeenCalledTimes(2);
    expect((await keyRows()).filter((r) => r.status === 400 || r.location === null)).toEqual([]);
  });

  it("gives the last write no record for a post runOnce does not run", async () => {
    const write = vi.fn(writeCarrying);
    await lastWriteWithPostRecord(post(), "/demo/questions/1?page=2", write);
    expect(write).toHaveBeenCalledWith(null);
  });
});

describe("formFingerprint", () => {
  it("ignores the per-page fields and tells content, order and files apart", async () => {
    const base = await formFingerprint(form({ a: "1", b: "2" }));
    expect(await formFingerprint(form({ csrf: "x", a: "1", b: "2", idempotency_key: "k" }))).toBe(base);
    expect(await formFingerprint(form({ a: "1", b: "3" }))).not.toBe(base);
    const withFile = form({ a: "1" });
    withFile.append("file", new File(["abc"], "x.jpg", { type: "image/jpeg" }));
    const otherFile = form({ a: "1" });
    otherFile.append("file", new File(["abd"], "x.jpg", { type: "image/jpeg" }));
    expect(await formFingerprint(withFile)).not.toBe(await formFingerprint(otherFile));
  });
});
