import { describe, expect, it } from "vitest";
import { csrfTokenFor, isValidCsrfToken, isWellFormedSecret, newCsrfSecret } from "./csrf.server";

const server = "s".repeat(40);

describe("csrf tokens", () => {
  it("accepts the token made for the visitor's own secret", () => {
    const secret = newCsrfSecret();
    expect(isValidCsrfToken(server, secret, csrfTokenFor(server, secret))).toBe(true);
  });

  it("refuses a token made for another visitor", () => {
    const mine = newCsrfSecret();
    const theirs = newCsrfSecret();
    expect(isValidCsrfToken(server, mine, csrfTokenFor(server, theirs))).toBe(false);
  });

  it("refuses a token signed with another server secret", () => {
    const secret = newCsrfSecret();
    expect(isValidCsrfToken(server, secret, csrfTokenFor("x".repeat(40), secret))).toBe(false);
  });

  it.each([undefined, "", 42, null, "short"])("refuses a missing or malformed token (%s)", (token) => {
    expect(isValidCsrfToken(server, newCsrfSecret(), token)).toBe(false);
  });

  it("refuses everything when the visitor has no secret", () => {
    expect(isValidCsrfToken(server, undefined, csrfTokenFor(server, ""))).toBe(false);
  });

  it("recognises only secrets it could have minted", () => {
    expect(isWellFormedSecret(newCsrfSecret())).toBe(true);
    expect(isWellFormedSecret("abc")).toBe(false);
    expect(isWellFormedSecret(undefined)).toBe(false);
  });
});
