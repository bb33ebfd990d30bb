import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { agentKeyMatches, bearerKey, hashAgentKey, isWellFormedAgentKey, newAgentKey } from "./agent-key.server";

describe("agent keys", () => {
  it("are 256 random bits, different every time, in a recognisable form", () => {
    const a = newAgentKey();
    const b = newAgentKey();
    expect(a).not.toBe(b);
    expect(isWellFormedAgentKey(a)).toBe(true);
    expect(a).toMatch(/^fdag_[A-Za-z0-9_-]{43}$/);
  });

  it("are stored as their hex SHA-256, never as themselves", () => {
    const key = newAgentKey();
    const hash = hashAgentKey(key);
    expect(hash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(key.slice(5));
  });

  it("match only the key they were made from", () => {
    const key = newAgentKey();
    const hash = hashAgentKey(key);
    expect(agentKeyMatches(key, hash)).toBe(true);
    expect(agentKeyMatches(newAgentKey(), hash)).toBe(false);
    expect(agentKeyMatches(`${key}x`, hash)).toBe(false);
    expect(agentKeyMatches("", hash)).toBe(false);
    expect(agentKeyMatches(key, "not-a-hash")).toBe(false);
  });

  it("are read from a Bearer header only", () => {
    expect(bearerKey("Bearer fdag_abc")).toBe("fdag_abc");
    expect(bearerKey("bearer fdag_abc")).toBe("fdag_abc");
    expect(bearerKey("Basic dXNlcjpwYXNz")).toBeNull();
    expect(bearerKey("Bearer")).toBeNull();
    expect(bearerKey(null)).toBeNull();
  });
});
