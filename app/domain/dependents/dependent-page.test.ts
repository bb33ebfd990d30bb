import { describe, expect, it } from "vitest";
import { dependentOffers, RemoveDependentSchema, REMOVE_DEPENDENT_MESSAGES } from "./dependent-page";

describe("dependentOffers", () => {
  it("offers a request and the requests only for an approved link", () => {
    expect(dependentOffers("approved")).toEqual({ makeRequest: true, seeRequests: true, remove: true });
    expect(dependentOffers("pending")).toEqual({ makeRequest: false, seeRequests: false, remove: true });
    expect(dependentOffers("declined")).toEqual({ makeRequest: false, seeRequests: false, remove: true });
    expect(dependentOffers("removed")).toEqual({ makeRequest: false, seeRequests: false, remove: false });
  });
});

describe("RemoveDependentSchema", () => {
  it("needs the confirmation ticked", () => {
    expect(RemoveDependentSchema.safeParse({ intent: "remove", confirm: "yes" }).success).toBe(true);
    const missing = RemoveDependentSchema.safeParse({ intent: "remove" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0].message).toBe(REMOVE_DEPENDENT_MESSAGES.confirm);
  });
});
