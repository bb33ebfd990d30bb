import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { ChooseMfaTypeSchema, MfaCodeSchema, settingsIntent, verificationIntent } from "./mfa-forms";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};

describe("ChooseMfaTypeSchema", () => {
  it("takes authenticator and ignores whatever is in the mobile field", () => {
    const result = parseWithZod(form({ mfaType: "authenticator", smsMobileNumber: "not a number" }), { schema: ChooseMfaTypeSchema });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({ mfaType: "authenticator" });
  });

  it("requires a valid UK mobile for SMS, with the spec's message", () => {
    for (const mobile of ["", "0113 496 0000", "0770090012", "+4477009001234", "07700 90012x"]) {
      const result = parseWithZod(form({ mfaType: "sms", smsMobileNumber: mobile }), { schema: ChooseMfaTypeSchema });
      expect(result.status, mobile).toBe("error");
      expect(result.status === "error" && result.error?.smsMobileNumber, mobile).toEqual(["Please enter a valid UK mobile phone number."]);
    }
  });

  it("strips spaces from the mobile number", () => {
    const result = parseWithZod(form({ mfaType: "sms", smsMobileNumber: " 07700 900 123 " }), { schema: ChooseMfaTypeSchema });
    expect(result.status === "success" && result.value).toEqual({ mfaType: "sms", smsMobileNumber: "07700900123" });
    const plus = parseWithZod(form({ mfaType: "sms", smsMobileNumber: "+44 7700 900123" }), { schema: ChooseMfaTypeSchema });
    expect(plus.status === "success" && plus.value).toEqual({ mfaType: "sms", smsMobileNumber: "+447700900123" });
  });

  it("refuses a missing or unknown type", () => {
    expect(parseWithZod(form({}), { schema: ChooseMfaTypeSchema }).status).toBe("error");
    expect(parseWithZod(form({ mfaType: "email" }), { schema: ChooseMfaTypeSchema }).status).toBe("error");
  });
});

describe("MfaCodeSchema", () => {
  it("asks for a code when empty (spec 2 §5)", () => {
    const result = parseWithZod(form({ code: "" }), { schema: MfaCodeSchema });
    expect(result.status === "error" && result.error?.code).toEqual(["Please enter an authentication code."]);
  });

  it("wants exactly six digits", () => {
    for (const code of ["12345", "1234567", "12a456"]) {
      expect(parseWithZod(form({ code }), { schema: MfaCodeSchema }).status, code).toBe("error");
    }
    const ok = parseWithZod(form({ code: "123 456" }), { schema: MfaCodeSchema });
    expect(ok.status === "success" && ok.value).toEqual({ code: "123456" });
  });
});

describe("intents", () => {
  it("knows the settings page's buttons and nothing else", () => {
    expect(settingsIntent("choose")).toBe("choose");
    expect(settingsIntent("another")).toBe("another");
    expect(settingsIntent("disable")).toBeNull();
    expect(settingsIntent(null)).toBeNull();
  });

  it("verifies unless asked to resend", () => {
    expect(verificationIntent("resend")).toBe("resend");
    expect(verificationIntent(null)).toBe("verify");
    expect(verificationIntent("anything")).toBe("verify");
  });
});
