/**
 * The AppContext that server.ts builds per request, built by hand for integration tests:
 * the test database, a clock the test moves, the test configuration, the outbox notifier
 * and a fixed CSRF secret (so tests can compute the matching form token).
 */
import { readConfig, type Config } from "~/config.server";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { FakeClock } from "~/domain/clock";
import { LocalDiskFileStore } from "~/domain/files/file-store.server";
import { SimulatedGpSystem } from "~/domain/gp-system/simulated-gp-system.server";
import { OutboxNotifier } from "~/domain/notify/notifier.server";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { csrfTokenFor } from "~/domain/security/csrf.server";

/** A well-formed visitor secret (43 base64url characters, as newCsrfSecret makes). */
export const TEST_CSRF_SECRET = "test-csrf-secret-0123456789abcdefghijklmnop";
export const TEST_NONCE = "dGVzdC1ub25jZS0xMjM0NQ==";
export const TEST_CLIENT_ADDRESS = "192.0.2.10";

/** One folder per test process; keys are random, so files never collide. */
const testFileStore = new LocalDiskFileStore(join(tmpdir(), `frontdoor-test-files-${process.pid}`));

export type TestContext = AppContext & { clock: FakeClock };

/** readConfig({ NODE_ENV: "test" }) plus the given variables; never the real environment. */
export function testConfig(env: Record<string, string> = {}): Config {
  return readConfig({ NODE_ENV: "test", ...env } as NodeJS.ProcessEnv);
}

export function makeContext(db: Db, overrides: Partial<AppContext> & { clock?: FakeClock } = {}): TestContext {
  const clock = overrides.clock ?? new FakeClock();
  return {
    db,
    clock,
    config: testConfig(),
    notifier: new OutboxNotifier(db),
    files: testFileStore,
    gpSystem: new SimulatedGpSystem(db, clock),
    csrfSecret: TEST_CSRF_SECRET,
    clientAddress: TEST_CLIENT_ADDRESS,
    nonce: TEST_NONCE,
    ...overrides,
  };
}

/** The token a form rendered for this context carries in its `csrf` field. */
export function csrfTokenForContext(context: Pick<AppContext, "config" | "csrfSecret">): string {
  return csrfTokenFor(context.config.sessionSecret, context.csrfSecret);
}
