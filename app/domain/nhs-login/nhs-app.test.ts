import { describe, expect, it } from "vitest";
import { journeyFromNhsApp, nhsAppBackAction } from "./nhs-app";

describe("journeyFromNhsApp", () => {
  it("continues to the path after /nhs-app-auth, with the app's query less the identity it handed over", () => {
    expect(journeyFromNhsApp("demo/admin-hub", new URLSearchParams())).toBe("/demo/admin-hub");
    expect(journeyFromNhsApp("demo/clinical-request", new URLSearchParams("assertedLoginIdentity=abc&source=app"))).toBe("/demo/clinical-request?source=app");
  });

  it("refuses anything that is not a plain path of this site", () => {
    for (const bad of [undefined, "", "/evil.example", "demo/../admin", "demo//x", "http:/x", "demo/<script>", "a".repeat(301)]) {
      expect(journeyFromNhsApp(bad, new URLSearchParams()), String(bad)).toBeNull();
    }
  });
});

describe("nhsAppBackAction (spec 2 §2.4)", () => {
  it("goes from the admin hub to the app's messages", () => {
    expect(nhsAppBackAction("/demo/admin-hub")).toEqual({ kind: "app_page", page: "MESSAGES" });
  });
  it("goes from the clinical request page to the advice page", () => {
    expect(nhsAppBackAction("/demo/clinical-request")).toEqual({ kind: "path", path: "/demo/emergency-warning" });
  });
  it("goes from the sign-in pages to the app's home", () => {
    for (const path of ["/nhs-app-auth/demo/admin-hub", "/nhs-login/auth", "/nhs-login/setup/abc", "/login", "/demo/login"]) {
      expect(nhsAppBackAction(path), path).toEqual({ kind: "app_page", page: "HOME_PAGE" });
    }
  });
  it("otherwise goes one step back in the history", () => {
    for (const path of ["/demo/nonclinical-request", "/demo/questions/12", "/demo/emergency-warning", "/"]) {
      expect(nhsAppBackAction(path), path).toEqual({ kind: "history" });
    }
  });
});
