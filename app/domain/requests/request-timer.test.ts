import { describe, expect, it } from "vitest";
import { requestReference, parseRequestReference } from "./reference";
import { REQUEST_TIMEOUT_MS, requestTimedOut, requestTimeLeft, requestTimeoutMessage } from "./request-timer";

describe("request timer", () => {
  const start = new Date("2026-11-23T10:00:00Z");
  it("times out at exactly 30 minutes from the stored start", () => {
    expect(requestTimedOut(start, new Date(start.getTime() + REQUEST_TIMEOUT_MS - 1))).toBe(false);
    expect(requestTimedOut(start, new Date(start.getTime() + REQUEST_TIMEOUT_MS))).toBe(true);
    expect(requestTimeLeft(start, new Date(start.getTime() + 25 * 60_000))).toBe(5 * 60_000);
    expect(requestTimeLeft(start, new Date(start.getTime() + 31 * 60_000))).toBe(0);
  });

  it("names the practice in the spec's message", () => {
    expect(requestTimeoutMessage("Riverside Medical Centre")).toBe(
      "You have taken more than 30 minutes to submit your request. Your request has been cancelled and has not been sent to Riverside Medical Centre.",
    );
  });
});

describe("request reference", () => {
  it("round-trips", () => {
    expect(requestReference(42)).toBe("FD-000042");
    expect(parseRequestReference("fd-000042")).toBe(42);
    expect(parseRequestReference("FD000042")).toBe(42);
    expect(parseRequestReference("42")).toBeNull();
  });
});
