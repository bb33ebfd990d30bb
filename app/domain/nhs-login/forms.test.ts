import { describe, expect, it } from "vitest";
import { LinkAccountSchema, SelectPracticeSchema } from "./forms";
import { NHS_LOGIN_MESSAGES } from "./messages";

describe("NHS login forms", () => {
  it("asks for a practice and a password, in the pages' words", () => {
    expect(SelectPracticeSchema.safeParse({}).error?.issues[0]?.message).toBe(NHS_LOGIN_MESSAGES.practiceMissing);
    expect(SelectPracticeSchema.safeParse({ practice: "demo" }).success).toBe(true);
    expect(SelectPracticeSchema.safeParse({ practice: "../x" }).success).toBe(false);
    expect(LinkAccountSchema.safeParse({ password: "" }).error?.issues[0]?.message).toBe(NHS_LOGIN_MESSAGES.passwordMissing);
  });
});
