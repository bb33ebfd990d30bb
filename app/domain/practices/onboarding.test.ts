import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  addPracticeSchema,
  isRegistrationCode,
  likePattern,
  normaliseRegistrationCode,
  pageNumber,
  paging,
  practiceInvitationSchema,
  REGISTRATION_CODE_ALPHABET,
  registrationCodeFrom,
} from "./onboarding";

describe("registration codes", () => {
  it("are 8 characters from an alphabet without look-alikes", () => {
    for (const ambiguous of ["0", "O", "1", "I", "L", "5", "S", "2", "Z", "8", "B"]) expect(REGISTRATION_CODE_ALPHABET).not.toContain(ambiguous);
    for (let i = 0; i < 200; i++) {
      const code = registrationCodeFrom((n) => randomBytes(n));
      expect(code).toHaveLength(8);
      expect(isRegistrationCode(code)).toBe(true);
    }
  });

  it("skip bytes that would bias the spread, and keep drawing until there are 8", () => {
    // 250..255 are past the last whole run of the alphabet (25 × 10 = 250): never used.
    let calls = 0;
    const code = registrationCodeFrom((n) => {
      calls++;
      return calls === 1 ? new Uint8Array(n).fill(255) : new Uint8Array(n).fill(26);
    });
    expect(calls).toBe(2);
    expect(code).toBe(REGISTRATION_CODE_ALPHABET[1].repeat(8));
  });

  it("are read back as typed on the phone", () => {
    expect(normaliseRegistrationCode("acd ef-ghj")).toBe("ACDEFGHJ");
    expect(isRegistrationCode("ACDEFGH0")).toBe(false);
    expect(isRegistrationCode("ACDEFGH")).toBe(false);
  });
});

describe("the add-a-practice form", () => {
  const good = { name: "Riverside Surgery", urlCode: "Riverside1", odsCode: "a12345", ehrType: "emis", country: "england", ccgId: "", adminEmail: "Admin@NHS.net" };

  it("accepts a practice and normalises codes and the address", () => {
    const result = addPracticeSchema(false).safeParse(good);
    expect(result.success && result.data).toMatchObject({ urlCode: "Riverside1", odsCode: "A12345", ccgId: null, adminEmail: "admin@nhs.net" });
  });

  it("refuses symbols or spaces in the practice and ODS codes (spec 3 §5)", () => {
    const result = addPracticeSchema(false).safeParse({ ...good, urlCode: "river side", odsCode: "A-1" });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(["urlCode", "odsCode"]));
  });

  it("wants an NHS address for the practice admin; the test domain only outside production", () => {
    expect(addPracticeSchema(false).safeParse({ ...good, adminEmail: "someone@gmail.com" }).success).toBe(false);
    expect(addPracticeSchema(false).safeParse({ ...good, adminEmail: "someone@example.com" }).success).toBe(false);
    expect(addPracticeSchema(true).safeParse({ ...good, adminEmail: "someone@example.com" }).success).toBe(true);
    expect(practiceInvitationSchema(false).safeParse({ email: "x@nhs.net", practiceName: "A" }).success).toBe(true);
  });
});

describe("lists", () => {
  it("read a page number from the query, page 1 for anything odd", () => {
    expect(pageNumber("3")).toBe(3);
    for (const odd of [null, "", "0", "-1", "1e9", "abc", "9999999"]) expect(pageNumber(odd)).toBe(1);
  });

  it("link the previous and next pages, keeping the search", () => {
    expect(paging("/admin", { q: "oak" }, 2, 45)).toEqual({ page: 2, pages: 3, total: 45, previous: "/admin?q=oak", next: "/admin?q=oak&page=3" });
    expect(paging("/admin", { q: "" }, 1, 5)).toMatchObject({ pages: 1, previous: null, next: null });
    expect(paging("/admin", { q: "x" }, 1, 21, "peoplePage").next).toBe("/admin?q=x&peoplePage=2");
  });

  it("search with like patterns that escape the pattern characters", () => {
    expect(likePattern("50%_a\\")).toBe("%50\\%\\_a\\\\%");
  });
});
