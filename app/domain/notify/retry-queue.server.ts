/**
 * GOV.UK Notify sends that failed for a while, kept and tried again (decision 0153). Without it
 * a Notify outage lost every message sent during it, and a message sent after a commit (the
 * "request sent" notice) turned the saved request's answer into an error page.
 *
 * NotifyNotifier queues a message here when its first attempt fails with no answer, 429 or 5xx;
 * the notify-retries job (every minute, one run at a time across processes) tries what is due.
 * A row is deleted once its message is sent or given up, so the recipient and values are kept
 * only while a message waits, and sealed under a key derived from the server's secret (links
 * to sign in carry tokens): a copy of the database alone does not open them. After an attempt
 * that got no answer Notify may hold the message: it is asked by our reference first, so a slow
 * answer does not become two messages.
 */
import { asc, eq, inArray, lte } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { notifyRetries } from "~/db/schema";
import { openSecret, sealSecret } from "~/domain/integrations/secret-box";
import type { TemplateName } from "./templates";
import { notifyRetryAt } from "./retries";

/** One send as Notify receives it. */
export type NotifySend = {
  channel: "email" | "sms";
  to: string;
  template: TemplateName;
  personalisation: Record<string, string>;
  reference: string;
};

/** Why an attempt failed: Notify's status (null: no answer) and a description without personal data. */
export type SendFailure = {
  status: number | null;
  description: string;
  /** Certainly never reached Notify (no connection was made): a retry need not ask it first. */
  notSent?: boolean;
};

/** No answer, and Notify may have taken the message: the next attempt asks Notify first. */
const unanswered = (failure: SendFailure) => failure.status === null && failure.notSent !== true;

/** What the retry run needs of the notifier. */
export interface NotifyAttempts {
  /** Sends once; the failure, or null when Notify took it. */
  attempt(send: NotifySend): Promise<SendFailure | null>;
  /** Whether Notify holds a message with this reference (null: cannot tell). */
  wasSent(reference: string): Promise<boolean | null>;
}

/** The database the messages wait in, and the server's secret that seals them. */
export type RetryStore = { db: Db; secret: string };

const SEAL_PURPOSE = "notify-retries";

/**
 * Keeps a message whose first attempt failed, for the job to try again; false (nothing kept) when
 * the failure will not pass. A message already waiting under its reference is kept once.
 */
export async function queueNotifyRetry(store: RetryStore, send: NotifySend, failure: SendFailure, now: Date): Promise<boolean> {
  const next = notifyRetryAt(now, now, 1, failure.status);
  if (!next) return false;
  const sealed = sealSecret(store.secret, SEAL_PURPOSE, JSON.stringify({ to: send.to, personalisation: send.personalisation }));
  await store.db
    .insert(notifyRetries)
    .values({
      channel: send.channel,
      template: send.template,
      sealed,
      reference: send.reference,
      attempts: 1,
      unanswered: unanswered(failure),
      failure: failure.description,
      nextAttemptAt: next,
      createdAt: now,
    })
    .onConflictDoNothing();
  return true;
}

/** How long a claimed row is left alone: a run that died mid-send is retried after it. */
const CLAIM_LEASE_MS = 5 * 60_000;
const BATCH = 100;
/** Per run, well under Notify's 3,000 a minute, which bulk messages share. */
const MAX_PER_RUN = 1_000;

export type RetryRun = { sent: number; retried: number; givenUp: Array<{ template: string; failure: string }> };

/** Tries every message that is due (up to MAX_PER_RUN); returns what became of them. */
export async function retryNotifySends(store: RetryStore, notifier: NotifyAttempts, now: Date): Promise<RetryRun> {
  const run: RetryRun = { sent: 0, retried: 0, givenUp: [] };
  for (let tried = 0; tried < MAX_PER_RUN; ) {
    const rows = await claimDue(store.db, now);
    if (rows.length === 0) break;
    tried += rows.length;
    for (const row of rows) await retryOne(store, notifier, row, now, run);
    if (rows.length < BATCH) break;
  }
  return run;
}

type Row = typeof notifyRetries.$inferSelect;

/** Due rows, claimed for the lease: two runs at once never take the same row. */
async function claimDue(db: Db, now: Date): Promise<Row[]> {
  const due = db
    .select({ id: notifyRetries.id })
    .from(notifyRetries)
    .where(lte(notifyRetries.nextAttemptAt, now))
    .orderBy(asc(notifyRetries.nextAttemptAt))
    .limit(BATCH)
    .for("update", { skipLocked: true });
  return db
    .update(notifyRetries)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(inArray(notifyRetries.id, due))
    .returning();
}

async function retryOne({ db, secret }: RetryStore, notifier: NotifyAttempts, row: Row, now: Date, run: RetryRun) {
  const done = () => db.delete(notifyRetries).where(eq(notifyRetries.id, row.id));
  const opened = openSecret(secret, SEAL_PURPOSE, row.sealed);
  if (opened === null) {
    // Sealed under another secret (SESSION_SECRET was changed since): it cannot be sent.
    await done();
    run.givenUp.push({ template: row.template, failure: "sealed under another server secret" });
    return;
  }
  if (row.unanswered && (await notifier.wasSent(row.reference)) === true) {
    await done();
    run.sent += 1;
    return;
  }
  const { to, personalisation } = JSON.parse(opened) as { to: string; personalisation: Record<string, string> };
  const failure = await notifier.attempt({ channel: row.channel as NotifySend["channel"], to, template: row.template as TemplateName, personalisation, reference: row.reference });
  if (!failure) {
    await done();
    run.sent += 1;
    return;
  }
  const attempts = row.attempts + 1;
  const next = notifyRetryAt(now, row.createdAt, attempts, failure.status);
  if (!next) {
    await done();
    run.givenUp.push({ template: row.template, failure: failure.description });
    return;
  }
  await db
    .update(notifyRetries)
    .set({ attempts, unanswered: unanswered(failure), failure: failure.description, nextAttemptAt: next })
    .where(eq(notifyRetries.id, row.id));
  run.retried += 1;
}
