/**
 * Throttles hold under a burst (issue "security", docs/decisions/0071): sixty wrong passwords
 * posted at once for one account are counted as sixty and at most ten are ever checked; the
 * magic link's three strikes hold when the guesses arrive together.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, authTokens, throttleAttempts } from "~/db/schema";
import { checkMagicLinkDateOfBirth, issueMagicLink, MAX_DATE_OF_BIRTH_FAILURES } from "./magic-links.server";
import { checkPassword } from "./sign-in.server";
import { MAX_FAILURES_PER_MINUTE, takeAttempt, throttleKeys } from "./throttle.server";
import { useTestWorld } from "../../../tests/support/world";
import { type TestContext } from "../../../tests/support/context";
import { createPatient, createPractice, createUser, KNOWN_PASSWORD } from "../../../tests/support/registration-fixtures";

let context: TestContext;
let address = 0;
const t = useTestWorld({ ownAddressPerTest: true, onContext: (made) => ((context = made), address++) });

describe("takeAttempt", () => {
  it("counts every attempt of a parallel burst, lets at most the limit through, and frees the key a minute later", async () => {
    const keys = throttleKeys("secret", `burst${address}@example.com`, context.clientAddress);
    const attempts = await Promise.all(Array.from({ length: 60 }, () => takeAttempt(t.db, context.clock, keys)));
    expect(attempts.filter((a) => !a.throttled).length).toBeLessThanOrEqual(MAX_FAILURES_PER_MINUTE);
    expect(attempts.filter((a) => a.throttled).length).toBeGreaterThanOrEqual(60 - MAX_FAILURES_PER_MINUTE);
    const rows = await t.db.select().from(throttleAttempts).where(eq(throttleAttempts.key, keys.accountKey));
    expect(rows).toHaveLength(60);
    context.clock.advance(61_000);
    expect((await takeAttempt(t.db, context.clock, keys)).throttled).toBe(false);
  });

  it("gives back a successful attempt's row, so only failures count", async () => {
    const keys = throttleKeys("secret", `ok${address}@example.com`, context.clientAddress);
    for (let i = 0; i < 20; i++) {
      const attempt = await takeAttempt(t.db, context.clock, keys);
      expect(attempt.throttled).toBe(false);
      await attempt.succeeded();
    }
  });
});

describe("sign-in under a burst", () => {
  it("checks at most ten of sixty wrong passwords posted at once for one account, then refuses even the right one", async () => {
    const user = await createUser(context);
    const results = await Promise.all(
      // Sixty addresses: the account key alone must hold.
      Array.from({ length: 60 }, (_, i) => checkPassword({ ...context, clientAddress: `198.18.0.${i}` }, user.email, "wrong-password-123")),
    );
    const checked = results.filter((r) => r.status === "invalid").length;
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES_PER_MINUTE);
    expect(results.filter((r) => r.status === "throttled").length).toBe(60 - checked);
    const failedAudits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "sign_in.failed"), eq(auditEvents.actorUserId, user.id)));
    expect(failedAudits).toHaveLength(checked);
    expect((await checkPassword(context, user.email, KNOWN_PASSWORD)).status).toBe("throttled");
    context.clock.advance(61_000);
    expect((await checkPassword(context, user.email, KNOWN_PASSWORD)).status).toBe("ok");
  });
});

describe("the magic link's three strikes under a burst", () => {
  it("compares at most three dates of birth when twenty guesses arrive at once, then the link is dead", async () => {
    const practice = await createPractice(context);
    const user = await createUser(context);
    const patient = await createPatient(context, practice.id, { userId: user.id, dateOfBirth: "1979-04-12" });
    const token = await issueMagicLink(context, { patientId: patient.id, practiceId: practice.id, scope: {} });
    const results = await Promise.all(Array.from({ length: 20 }, () => checkMagicLinkDateOfBirth(context, token, "1980-01-01")));
    const compared = results.filter((r) => r.status === "wrong").length + results.filter((r) => r.status === "locked").length;
    expect(compared).toBe(20);
    const failures = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "magic_link.date_of_birth_failed"), eq(auditEvents.subjectId, await tokenId(token))));
    expect(failures.length).toBeLessThanOrEqual(MAX_DATE_OF_BIRTH_FAILURES);
    // Dead now, even for the right date.
    expect((await checkMagicLinkDateOfBirth(context, token, "1979-04-12")).status).not.toBe("ok");
  });
});

async function tokenId(token: string): Promise<string> {
  // Tokens are stored as their SHA-256 (tokens.server.ts).
  const hash = createHash("sha256").update(token).digest("base64url");
  const [row] = await t.db.select({ id: authTokens.id }).from(authTokens).where(eq(authTokens.tokenHash, hash));
  return String(row?.id ?? "none");
}
