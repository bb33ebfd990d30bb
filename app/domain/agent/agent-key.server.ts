/**
 * The agent's key (docs/decisions/0077-tpp-desktop-agent.md): 256 random bits, shown once to the
 * practice admin who makes it; only its SHA-256 is stored (practice_agents.agent_key_hash).
 * Pure functions, server-only because they use node:crypto.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** Keys look like `fdag_` and 43 base64url characters (256 random bits). */
const KEY_PATTERN = /^fdag_[A-Za-z0-9_-]{43}$/;

export function newAgentKey(): string {
  return `fdag_${randomBytes(32).toString("base64url")}`;
}

/** What is stored: hex SHA-256 of the key (a random 256-bit key needs no slow hash). */
export function hashAgentKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export function isWellFormedAgentKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Whether a presented key matches a stored hash, in constant time. */
export function agentKeyMatches(key: string, storedHash: string): boolean {
  if (!isWellFormedAgentKey(key) || !/^[0-9a-f]{64}$/.test(storedHash)) return false;
  return timingSafeEqual(Buffer.from(hashAgentKey(key), "hex"), Buffer.from(storedHash, "hex"));
}

/** The key from `Authorization: Bearer <key>`, or null. */
export function bearerKey(header: string | null): string | null {
  const match = /^Bearer ([^\s]+)$/i.exec(header?.trim() ?? "");
  return match ? match[1] : null;
}

