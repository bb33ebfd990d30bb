/**
 * A submission is saved once or not at all (docs/decisions/0072-idempotent-submissions.md).
 *
 * Every form carries the page's idempotency key (PostForm renders it beside the CSRF token; a
 * new one comes with every page and after every post). The first post of a key and of that
 * form's content runs the action; if the action answers with a redirect (success), the redirect
 * is stored, and any later post with the same key and content (a double click, the browser
 * retrying, "send again" after a dropped connection, the back button) gets that same redirect
 * without running the action again. A post still running when its twin arrives is waited for.
 * A failed post (400, 409, a thrown error) stores nothing, so sending it again runs it again;
 * a claim this process lost track of in a database outage is taken over by the repeat of the
 * post at once (decision 0159), not left "still being processed" for ABANDONED_MS.
 *
 * The key is bound to the visitor (HMAC with their CSRF secret) and to the form's content, so a
 * different form posted from the same page is never mistaken for a repeat.
 */
import { createHash, createHmac } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { claimKey, recordKey } from "~/db/idempotency-keys.server";
import { preparedOnce } from "~/db/prepared.server";
import { idempotencyKeys } from "~/db/schema";
import { CSRF_FIELD } from "~/domain/security/csrf.server";
import { FLASH_COOKIE } from "~/web/flash.server";
import { closePostRecord, openPostRecord, recordedByLastWrite } from "~/web/post-record.server";

export const IDEMPOTENCY_FIELD = "idempotency_key";
/** Stored answers are kept this long: long enough for any retry, short enough to stay small. */
const KEEP_MS = 24 * 60 * 60 * 1000;
/** How long a twin waits for the first post to finish before answering on its own. */
const WAIT_MS = 10_000;
/** A first post that never finished (its process died) stops blocking its twins after this. */
const ABANDONED_MS = 60_000;

/** The form's content, without the per-page fields: what makes two posts "the same post". */
export async function formFingerprint(form: FormData): Promise<string> {
  const hash = createHash("sha256");
  for (const [name, value] of form.entries()) {
    if (name === CSRF_FIELD || name === IDEMPOTENCY_FIELD) continue;
    hash.update(name).update("\0");
    if (typeof value === "string") hash.update(value);
    else hash.update(`file:${value.name}:${value.size}:${value.type}:`).update(new Uint8Array(await value.arrayBuffer()));
    hash.update("\0");
  }
  return hash.digest("base64url");
}

function keyHash(context: Pick<AppContext, "config" | "csrfSecret">, routeId: string, key: string, fingerprint: string) {
  return createHmac("sha256", context.config.sessionSecret)
    .update(`idempotency\0${context.csrfSecret}\0${routeId}\0${key}\0${fingerprint}`)
    .digest("base64url");
}

type Stored = { status: number; location: string; flash: string | null };

function replay(stored: Stored): Response {
  const headers = new Headers({ Location: stored.location, "Cache-Control": "no-store" });
  if (stored.flash) headers.append("Set-Cookie", stored.flash);
  return new Response(null, { status: stored.status, headers });
}

/** Only a flash message may be replayed: a session or other cookie is never stored. */
function replayableCookies(response: Response): { ok: boolean; flash: string | null } {
  const cookies = response.headers.getSetCookie?.() ?? [];
  let flash: string | null = null;
  for (const cookie of cookies) {
    if (cookie.startsWith(`${FLASH_COOKIE}=`)) flash = cookie;
    else return { ok: false, flash: null };
  }
  return { ok: true, flash };
}

async function waitForFirst(context: Pick<AppContext, "db">, hash: string): Promise<Stored | "gone" | "running"> {
  const deadline = Date.now() + WAIT_MS;
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const [row] = await context.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.keyHash, hash)).limit(1);
    if (!row) return "gone";
    if (row.status !== null && row.location) return { status: row.status, location: row.location, flash: row.flash };
    if (Date.now() - row.createdAt.getTime() > ABANDONED_MS) {
      // The first post's process died mid-way: take the key over and run.
      const taken = await context.db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.keyHash, hash), isNull(idempotencyKeys.status)))
        .returning({ k: idempotencyKeys.keyHash });
      return taken.length ? "gone" : "running";
    }
    if (Date.now() > deadline) return "running";
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/*
 * Keys this process claimed and then lost track of, with when: the claim's statement failed (the
 * database went away; it may have committed before its answer was lost), or the post failed and
 * its claim could not be removed yet. Such a key's row, while its status is empty, is this
 * process's own orphan: a repeat of the post takes it over at once instead of answering "still
 * being processed" until ABANDONED_MS has passed. `runningHere`: keys whose action this process
 * is running now, which are never taken over.
 */
const orphaned = new Map<string, number>();
const runningHere = new Set<string>();

function orphan(hash: string) {
  const now = Date.now();
  orphaned.set(hash, now);
  // Bounded: entries older than ABANDONED_MS are past the general take-over anyway.
  if (orphaned.size > 1_000) for (const [h, at] of orphaned) if (now - at > ABANDONED_MS) orphaned.delete(h);
}

/** Takes over this process's orphaned claim of `hash`, if it is still there and unanswered. */
async function takeOverOrphan(db: AppContext["db"], hash: string): Promise<boolean> {
  const at = orphaned.get(hash);
  if (at === undefined || runningHere.has(hash)) return false;
  orphaned.delete(hash);
  if (Date.now() - at > ABANDONED_MS) return false;
  // Marked before the update, so the background removal (forgetLater) leaves it alone from now on.
  runningHere.add(hash);
  let taken = false;
  try {
    const rows = await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now()` })
      .where(and(eq(idempotencyKeys.keyHash, hash), isNull(idempotencyKeys.status)))
      .returning({ k: idempotencyKeys.keyHash });
    taken = rows.length > 0;
    return taken;
  } finally {
    // Taken: runAndRecord runs it now and clears the mark when the action is done.
    if (!taken) runningHere.delete(hash);
  }
}

/** Claims a key as `claim` below does (claimKey), in a round trip of the caller's (web/auth/viewer.server.ts). */
export type Claimer = (claim: { keyHash: string; routeId: string }) => Promise<boolean>;

/**
 * Runs `action` once per (visitor, route, key, content). Returns what the action returned, or
 * the stored redirect of the first post. `claimWith`: the first claim, made with the viewer's
 * read (the route layer's), so the post pays one round trip for both. `input.request`: the
 * post's Request, whose action may store its answer with its last write (web/post-record.server.ts).
 */
export async function runOnce(
  context: Pick<AppContext, "db" | "config" | "csrfSecret">,
  input: { routeId: string; key: string; form: FormData; request?: Request },
  action: () => Promise<unknown>,
  claimWith?: Claimer,
): Promise<unknown> {
  const hash = keyHash(context, input.routeId, input.key.slice(0, 200), await formFingerprint(input.form));
  for (let attempt = 0; attempt < 3; attempt++) {
    let claimed: boolean;
    try {
      claimed =
        attempt === 0 && claimWith ? await claimWith({ keyHash: hash, routeId: input.routeId }) : (await claim(context.db, hash, input.routeId)).length > 0;
    } catch (error) {
      // Whether the claim was made is not known: if it was, the repeat of this post takes it over.
      orphan(hash);
      throw error;
    }
    if (claimed || (await takeOverOrphan(context.db, hash))) return runAndRecord(context, hash, action, input.request);
    const first = await waitForFirst(context, hash);
    if (first === "running") {
      // Still going after the wait: tell the person rather than run it a second time.
      return new Response("Your first submission is still being processed. Wait a moment, then reload the page.", {
        status: 409,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5", "Cache-Control": "no-store" },
      });
    }
    if (first !== "gone") return replay(first);
    // The first post failed (its row was removed): this one runs now.
  }
  return action();
}

async function runAndRecord(context: Pick<AppContext, "db">, hash: string, action: () => Promise<unknown>, request?: Request): Promise<unknown> {
  let result: unknown;
  let thrown = false;
  if (request) openPostRecord(request, hash);
  orphaned.delete(hash);
  runningHere.add(hash);
  try {
    result = await action();
  } catch (error) {
    // Remix actions may throw their redirect as well as return it: both are a success.
    if (!isRedirect(error)) {
      if (request) closePostRecord(request);
      runningHere.delete(hash);
      await forget(context, hash);
      throw error;
    }
    result = error;
    thrown = true;
  }
  runningHere.delete(hash);
  if (isRedirect(result) && replayableCookies(result).ok) {
    const location = result.headers.get("Location")!;
    const cookies = replayableCookies(result);
    // Stored already, in the action's last write, unless the action answered otherwise after it.
    const stored = request !== undefined && recordedByLastWrite(request, result.status, location, cookies.flash);
    const record = () => recordAnswer(context.db, hash, { status: result.status, location, flash: cookies.flash });
    // The answer is already decided: if the database went away just now, store it once it is back,
    // so a retry gets it instead of waiting for a first post that has finished.
    if (!stored) await record().catch(() => retryLater(record, Date.now() + ABANDONED_MS));
  } else {
    if (request) closePostRecord(request);
    // Also removes a record the action's last write made: this post's answer is not a redirect to replay.
    await forget(context, hash);
  }
  // Now and then, drop answers nobody will ask for again.
  if (Math.random() < 0.01) {
    await context.db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${KEEP_MS / 1000})`))
      .catch(() => {});
  }
  if (thrown) throw result;
  return result;
}

/*
 * The claim and the record run on every post of a form (two statements beside the action's own):
 * prepared once per database handle (db/prepared.server.ts), so neither drizzle's query builder
 * nor PostgreSQL's parser and planner run for them again (issue "speed").
 */
function claim(db: AppContext["db"], keyHash: string, routeId: string): Promise<{ k: string }[]> {
  return preparedOnce(db, "idempotency_claim", claimKey).execute({ keyHash, routeId });
}

async function recordAnswer(db: AppContext["db"], keyHash: string, stored: Stored): Promise<void> {
  await preparedOnce(db, "idempotency_record", recordKey).execute({ keyHash, ...stored });
}

function isRedirect(value: unknown): value is Response {
  return value instanceof Response && value.status >= 300 && value.status < 400 && Boolean(value.headers.get("Location"));
}

async function forget(context: Pick<AppContext, "db">, hash: string) {
  await context.db
    .delete(idempotencyKeys)
    .where(eq(idempotencyKeys.keyHash, hash))
    .catch(() => {
      orphan(hash);
      forgetLater(context, hash, Date.now() + ABANDONED_MS);
    });
}

/**
 * The claim could not be removed (the database went away mid-post): keep trying in the
 * background, so a retry once the database is back runs instead of waiting ABANDONED_MS for a
 * first post that will never finish.
 */
function forgetLater(context: Pick<AppContext, "db">, hash: string, until: number) {
  retryLater(
    // A repeat of the post that took the claim over (takeOverOrphan) runs it now: not removed.
    async () => {
      if (runningHere.has(hash)) return;
      await context.db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.keyHash, hash), isNull(idempotencyKeys.status)));
    },
    until,
  );
}

function retryLater(work: () => Promise<void>, until: number) {
  if (Date.now() > until) return;
  setTimeout(() => work().catch(() => retryLater(work, until)), 250).unref();
}
