/**
 * Password hashing with scrypt (memory-hard, in Node's standard library: no native addon
 * to build on locked-down servers). Stored as scrypt$N$r$p$salt$hash so the cost can rise
 * later and old hashes still verify.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** N=2^15, r=8: 32 MiB and roughly 100 ms a hash on this hardware (OWASP's scrypt minimum). */
export const PASSWORD_HASH_COST: Readonly<ScryptCost> = Object.freeze({ N: 2 ** 15, r: 8, p: 1 });
const KEY_LENGTH = 32;

type ScryptCost = { N: number; r: number; p: number };
let COST: Readonly<ScryptCost> = PASSWORD_HASH_COST;

/**
 * The unit and integration tests only (tests/support/test-password-cost.ts, a vitest setup
 * file): a cheaper cost for new hashes, so the hundreds of passwords the tests hash and check
 * do not each spend 100 ms of CPU. The cost is stored in every hash and verification reads it
 * from there, so nothing else changes; password.server.test.ts checks the production cost.
 * Refused in production.
 */
export function setPasswordHashCostForTests(cost: Readonly<ScryptCost>): void {
  if (process.env.NODE_ENV === "production") throw new Error("The password hash cost is fixed in production");
  COST = cost;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...COST, maxmem: 64 * 1024 * 1024 });
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  // With no stored hash, still spend the same time so timing does not reveal the account.
  const parts = (stored ?? dummyHash()).split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, n, r, p, saltText, keyText] = parts;
  const expected = Buffer.from(keyText, "base64url");
  const key = await scrypt(password.normalize("NFKC"), Buffer.from(saltText, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 128 * Number(n) * Number(r) * 2,
  });
  return stored != null && key.length === expected.length && timingSafeEqual(key, expected);
}

/** At the cost new hashes get, so checking against nothing takes as long as against a real hash. */
const dummyHash = () => `scrypt$${COST.N}$${COST.r}$${COST.p}$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
