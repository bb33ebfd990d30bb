import { describe, expect, it } from "vitest";
import { isMessageLinkType, linkFitsType, messageLinkPath } from "./message-links";

describe("message links (/msg/{type}/auth/{token})", () => {
  it("knows the message type only", () => {
    expect(isMessageLinkType("message")).toBe(true);
    for (const type of ["questionnaire", "booking", "MESSAGE", ""]) expect(isMessageLinkType(type)).toBe(false);
  });

  it("fits a message link to a link scoped to a request, not to a general one", () => {
    expect(linkFitsType("message", { patientEntryId: 12 })).toBe(true);
    expect(linkFitsType("message", {})).toBe(false);
  });

  it("builds the address with the token escaped", () => {
    expect(messageLinkPath("message", "abc_-1")).toBe("/msg/message/auth/abc_-1");
    expect(messageLinkPath("message", "a/b?c")).toBe("/msg/message/auth/a%2Fb%3Fc");
  });
});
