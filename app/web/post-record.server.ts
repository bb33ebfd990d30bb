/**
 * A post's idempotency record written with the action's last write (issue "speed", decision 0158).
 *
 * runOnce (server/idempotency.server.ts) stores a successful post's redirect against its key in
 * a statement of its own once the action has answered. An action whose redirect is decided
 * before its last write, and whose last write is one statement, may carry the record in that
 * statement instead: one round trip fewer, and the write and its record commit together. runOnce
 * opens a slot per post it runs; the action asks it for the record, and says when its write
 * carried it; runOnce then stores nothing more if the action answered with exactly that redirect
 * (and no cookie to replay), and otherwise stores or forgets as before.
 *
 * The slots are kept per Request and shared by both bundles: runOnce runs in server.ts's bundle,
 * the routes in Remix's build (request-memo.server.ts, `sharedAcrossBundles`).
 */
import type { PostRecord } from "~/domain/requests/entries.server";
import { sharedAcrossBundles } from "~/server/request-memo.server";

type Slot = { keyHash: string; written: { status: number; location: string } | null };

const slots = sharedAcrossBundles("post-record-slots", () => new WeakMap<Request, Slot>());

/** runOnce: the post `request` runs under the key `keyHash`. */
export function openPostRecord(request: Request, keyHash: string): void {
  slots.set(request, { keyHash, written: null });
}

/**
 * The action: `write` is its last write, and the post answers with a `status` redirect to
 * `location`. `write` gets the record to carry (null for a post runOnce does not run: no key,
 * a machine route, a test calling the action) and says whether it carried it.
 */
export async function lastWriteWithPostRecord(
  request: Request,
  location: string,
  write: (record: PostRecord | null) => Promise<boolean>,
  status = 303,
): Promise<void> {
  const slot = slots.get(request);
  const record = slot ? { keyHash: slot.keyHash, status, location } : null;
  const carried = await write(record);
  if (slot && record && carried) slot.written = { status, location };
}

/** runOnce: whether the action's last write stored exactly this answer. Closes the slot. */
export function recordedByLastWrite(request: Request, status: number, location: string, flash: string | null): boolean {
  const slot = slots.get(request);
  slots.delete(request);
  return slot?.written != null && flash === null && slot.written.status === status && slot.written.location === location;
}

/** runOnce: the post ended without an answer to store (failed, thrown, not replayable). */
export function closePostRecord(request: Request): void {
  slots.delete(request);
}
