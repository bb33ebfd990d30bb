/**
 * The one way an integration test gets a database and the rows it needs.
 *
 *   const world = useTestWorld();                 // a fresh migrated database for this file
 *   it("...", async () => {
 *     const practice = await makePractice(world.context, { mfaEnabled: true });
 *     ...
 *   });
 *
 * `useTestWorld` registers the file's beforeAll/afterAll (open, close) so no test file repeats
 * that set-up; `world.context` is an AppContext on that database with a FakeClock the test moves
 * (makeContext), made once per file unless `freshContextPerTest` asks for one per test (tests
 * that count throttles by client address). The area fixtures (account-, registration-, request-,
 * session-, inbox-, online-services-fixtures) build people and requests on top of `makePractice`.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { AppContext } from "~/context.server";
import { practices } from "~/db/schema";
import { makeContext, type TestContext } from "./context";
import { createTestDatabase, type TestDatabase } from "./db";

let counter = 0;

/** Unique within a test run and across the files sharing a PostgreSQL server: letters and digits only. */
export function uniqueCode(prefix: string): string {
  return `${prefix}${process.pid.toString(36)}${Date.now().toString(36)}${(++counter).toString(36)}`.replace(/[^A-Za-z0-9]/g, "").slice(0, 30);
}

let addresses = 0;
/** A client address no other test of this process has used. */
export function nextClientAddress(): string {
  const n = ++addresses;
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
}

export type PracticeValues = Partial<typeof practices.$inferInsert>;

/** A practice with a unique url code (letters and digits, as spec 1 §5 requires); any column may be given. */
export async function makePractice(context: Pick<AppContext, "db">, values: PracticeValues = {}) {
  const urlCode = values.urlCode ?? uniqueCode("prac");
  const [row] = await context.db
    .insert(practices)
    .values({ name: `Test Surgery ${urlCode}`, ...values, urlCode })
    .returning();
  return row!;
}

export type TestWorld = {
  /** The file's database handle (open between beforeAll and afterAll). */
  readonly database: TestDatabase["database"];
  readonly db: TestDatabase["db"];
  /** Which engine: pglite, or postgres when TEST_DATABASE_URL is set. */
  readonly kind: TestDatabase["kind"];
  /** PostgreSQL only: the database's URL, to open a second handle on it. */
  readonly url: TestDatabase["url"];
  /** The AppContext on it, with a FakeClock. */
  readonly context: TestContext;
};

export function useTestWorld(
  options: {
    contextOverrides?: () => Parameters<typeof makeContext>[1];
    freshContextPerTest?: boolean;
    /**
     * A new context per test with a client address of its own (from 198.18.0.0/15, the
     * benchmarking range): throttles counted per address in one test never reach the next.
     */
    ownAddressPerTest?: boolean;
    /** Called with each new context: for files that keep a `context` variable of their own. */
    onContext?: (context: TestContext) => void;
  } = {},
): TestWorld {
  let database: TestDatabase | undefined;
  let context: TestContext | undefined;
  const newContext = () => {
    const address = options.ownAddressPerTest ? { clientAddress: nextClientAddress() } : {};
    const made = makeContext(database!.db, { ...address, ...(options.contextOverrides?.() ?? {}) });
    options.onContext?.(made);
    return made;
  };
  beforeAll(async () => {
    database = await createTestDatabase();
    context = newContext();
  });
  if (options.freshContextPerTest || options.ownAddressPerTest) {
    beforeEach(() => {
      context = newContext();
    });
  }
  afterAll(() => database?.close());
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("useTestWorld: the database is open only inside tests and their hooks");
    return value;
  };
  return {
    get database() {
      return opened(database).database;
    },
    get db() {
      return opened(database).db;
    },
    get kind() {
      return opened(database).kind;
    },
    get url() {
      return opened(database).url;
    },
    get context() {
      return opened(context);
    },
  };
}
