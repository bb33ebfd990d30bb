/**
 * Creates the e2e-only accounts of e2e-users.ts, as patients of the demo practice (which
 * has MFA on), in the database the e2e app is about to use. PGlite allows one process per
 * data folder, so this runs before the app starts, never alongside it:
 *
 *   // tests/support/e2e-server.ts, after the data folder or database is prepared and
 *   // before spawning server.ts:
 *   await seedE2eUsers(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR! });
 *
 * Or by hand: node --import tsx tests/support/e2e-seed-users.ts <data dir | postgres url>
 */
import { pathToFileURL } from "node:url";
import { and, eq, sql } from "drizzle-orm";
import { openDatabase, type Db } from "~/db/client.server";
import { patients, practices, users } from "~/db/schema";
import { seedDemo } from "~/db/seed.server";
import { hashPassword } from "~/domain/auth/password.server";
import { seedE2eRequestsInto } from "./e2e-seed-requests";
import { E2E_PROJECTS, E2E_USER_PASSWORD, e2eMfaUserEmail } from "./e2e-users";

/** Adds the accounts (idempotent). The demo data comes first: they are patients of the demo practice. */
export async function seedE2eUsersInto(db: Db): Promise<void> {
  await seedDemo(db);
  const [demo] = await db.select({ id: practices.id }).from(practices).where(eq(practices.urlCode, "demo"));
  const passwordHash = await hashPassword(E2E_USER_PASSWORD);
  for (const project of E2E_PROJECTS) {
    const email = e2eMfaUserEmail(project);
    const existing = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
    if (existing.length > 0) continue;
    const [user] = await db
      .insert(users)
      .values({ email, firstName: "Morgan", lastName: "Ellis", passwordHash, emailVerifiedAt: sql`now()` })
      .returning({ id: users.id });
    const linked = await db.select().from(patients).where(and(eq(patients.practiceId, demo.id), eq(patients.userId, user.id)));
    if (linked.length === 0) {
      await db.insert(patients).values({
        practiceId: demo.id,
        userId: user.id,
        firstName: "Morgan",
        lastName: "Ellis",
        dateOfBirth: "1988-06-30",
        email,
      });
    }
  }
  await seedE2eRequestsInto(db);
}

/** Opens the e2e database (migrating it), adds the accounts, and closes it again. */
export async function seedE2eUsers(target: { dataDir: string } | { databaseUrl: string }): Promise<void> {
  const database = await openDatabase(
    "databaseUrl" in target ? { kind: "postgres", url: target.databaseUrl, poolSize: 2 } : { kind: "pglite", dataDir: target.dataDir },
  );
  try {
    await seedE2eUsersInto(database.db);
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const where = process.argv[2];
  if (!where) throw new Error("usage: e2e-seed-users.ts <data dir | postgres url>");
  await seedE2eUsers(/^postgres(ql)?:/.test(where) ? { databaseUrl: where } : { dataDir: where });
}
