/**
 * The two writes of a form post's idempotency key (docs/decisions/0072-idempotent-submissions.md),
 * written once for the three statements that carry them: runOnce's own claim and record
 * (app/server/idempotency.server.ts), the post's first round trip, which claims the key in the
 * viewer's read (claimAndLoadViewer, app/domain/auth/viewer.server.ts, decision 0157), and the
 * answer's upsert, which records the post's answer in the same statement (saveAnswers,
 * decision 0158). Here in the database layer because the domain cannot import the server's.
 *
 * Both take named placeholders, as every statement that carries them is prepared once
 * (db/prepared.server.ts): `keyHash` and `routeId` for the claim; `keyHash`, `status`,
 * `location` and `flash` for the record.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { idempotencyKeys } from "./schema";

/** Takes the key for this post unless another post has it: returns its row only when taken. */
export function claimKey(db: Pick<Db, "insert">) {
  return db
    .insert(idempotencyKeys)
    .values({ keyHash: sql.placeholder("keyHash"), routeId: sql.placeholder("routeId") })
    .onConflictDoNothing()
    .returning({ k: idempotencyKeys.keyHash });
}

/**
 * Stores the post's answer under its key: from the database, or from `db.with(…)` when the
 * record rides on the statement of the action's last write.
 */
export function recordKey(from: Pick<Db, "update">) {
  return (
    from
      .update(idempotencyKeys)
      // (drizzle types `set` without placeholders; wrapped, each still binds one parameter)
      .set({ status: sql`${sql.placeholder("status")}`, location: sql`${sql.placeholder("location")}`, flash: sql`${sql.placeholder("flash")}` })
      .where(eq(idempotencyKeys.keyHash, sql.placeholder("keyHash")))
  );
}
