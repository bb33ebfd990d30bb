import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { copy } from "~/copy";
import {
  AccountDetailsSchema,
  ChangePasswordSchema,
  NewPasswordSchema,
  ResetRequestSchema,
  TokenRegistrationSchema,
} from "./account-forms";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("password forms", () => {
  it("asks for a well-formed address to reset, in lower case", () => {
    expect(ResetRequestSchema.safeParse({ email: "Someone@Example.COM" })).toEqual({ success: true, data: { email: "someone@example.com" } });
    expect(ResetRequestSchema.safeParse({ email: "someone" }).error?.issues[0].message).toBe(copy.validation.email);
    expect(ResetRequestSchema.safeParse({ email: "sóméone@example.com" }).error?.issues[0].message).toBe(copy.validation.emailCharacters);
  });

  it("applies the spec's password rule and message to a new password", () => {
    for (const weak of ["Short1a", "alllowercase123", "ALLUPPERCASE123", "NoDigitsAtAllHere"]) {
      const result = NewPasswordSchema.safeParse({ password: weak, confirmPassword: weak });
      expect(result.error?.issues.map((i) => i.message)).toEqual([copy.validation.password]);
    }
    expect(NewPasswordSchema.safeParse({ password: "Good-password-1", confirmPassword: "Good-password-1" }).success).toBe(true);
  });

  it("needs the confirmation to match", () => {
    const submission = parseWithZod(form({ password: "Good-password-1", confirmPassword: "Good-password-2" }), { schema: NewPasswordSchema });
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({ confirmPassword: ["Passwords do not match."] });
    const missing = parseWithZod(form({ password: "Good-password-1" }), { schema: NewPasswordSchema });
    expect(missing.reply().error).toEqual({ confirmPassword: ["Please confirm your password."] });
  });

  it("needs the current password to change it", () => {
    const submission = parseWithZod(form({ password: "Good-password-1", confirmPassword: "Good-password-1" }), { schema: ChangePasswordSchema });
    expect(submission.reply().error).toEqual({ currentPassword: ["Enter your current password."] });
  });
});

describe("account details form", () => {
  it("trims names and strips spaces from the mobile number", () => {
    const submission = parseWithZod(form({ firstName: " Ada ", lastName: "Okoro", mobile: "07700 900 123" }), { schema: AccountDetailsSchema });
    expect(submission.status === "success" && submission.value).toEqual({ firstName: "Ada", lastName: "Okoro", mobile: "07700900123" });
  });

  it("lets the mobile number be empty, and refuses one that is not a UK mobile", () => {
    const empty = parseWithZod(form({ firstName: "Ada", lastName: "Okoro", mobile: "" }), { schema: AccountDetailsSchema });
    expect(empty.status === "success" && empty.value.mobile).toBeUndefined();
    const landline = parseWithZod(form({ firstName: "Ada", lastName: "Okoro", mobile: "01134960000" }), { schema: AccountDetailsSchema });
    expect(landline.reply().error).toEqual({ mobile: ["Please enter a valid UK mobile phone number."] });
    const international = parseWithZod(form({ firstName: "Ada", lastName: "Okoro", mobile: "+447700900123" }), { schema: AccountDetailsSchema });
    expect(international.status).toBe("success");
  });

  it("needs both names", () => {
    const submission = parseWithZod(form({ firstName: "", lastName: " " }), { schema: AccountDetailsSchema });
    expect(submission.reply().error).toEqual({ firstName: ["Enter your first name."], lastName: ["Enter your last name."] });
  });
});

describe("token registration form", () => {
  it("uses the spec's e-mail confirmation messages", () => {
    const missing = parseWithZod(form({ email: "a@example.com", password: "Good-password-1" }), { schema: TokenRegistrationSchema });
    expect(missing.reply().error).toEqual({ confirmEmail: [copy.validation.confirmEmailMissing] });
    const mismatch = parseWithZod(form({ email: "a@example.com", confirmEmail: "b@example.com", password: "Good-password-1" }), {
      schema: TokenRegistrationSchema,
    });
    expect(mismatch.reply().error).toEqual({ confirmEmail: [copy.validation.confirmEmailMismatch] });
  });
});
