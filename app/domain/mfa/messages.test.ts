import { describe, expect, it } from "vitest";
import { groupSecret, MFA_MESSAGES, resendNotice } from "./messages";

describe("resendNotice (spec 2 §8)", () => {
  it("shows success when the resend worked", () => {
    expect(resendNotice(null)).toEqual({ ok: true, text: "Multi-Factor Authentication code successfully resent." });
  });

  it("treats 'Code is expired or incorrect.' from the resend path as success", () => {
    expect(resendNotice(MFA_MESSAGES.codeWrong)).toEqual({ ok: true, text: "Multi-Factor Authentication code successfully resent." });
  });

  it("shows the failure text for any other error", () => {
    expect(resendNotice("Wait 30 seconds before asking for another code.")).toEqual({
      ok: false,
      text: "Multi-Factor Authentication code failed to resent.",
    });
    expect(resendNotice("")).toEqual({ ok: false, text: MFA_MESSAGES.resendFailed });
  });
});

describe("groupSecret", () => {
  it("splits the key into groups of four for typing", () => {
    expect(groupSecret("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");
    expect(groupSecret("ABCDEF")).toBe("ABCD EF");
    expect(groupSecret("ABCD")).toBe("ABCD");
  });
});
