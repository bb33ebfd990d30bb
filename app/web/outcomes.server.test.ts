import { describe, expect, it } from "vitest";
import { GoTo, NotFound } from "~/domain/outcomes";
import { answeringOutcomes, httpAnswerFor } from "./outcomes.server";

describe("the domain's outcomes as HTTP answers", () => {
  it("answers NotFound with page-not-found, GoTo with a redirect", () => {
    expect(httpAnswerFor(new NotFound())?.status).toBe(404);
    const go = httpAnswerFor(new GoTo("/pfs/not-linked?context=appointments"));
    expect(go?.status).toBe(302);
    expect(go?.headers.get("Location")).toBe("/pfs/not-linked?context=appointments");
    expect(httpAnswerFor(new GoTo("/somewhere", 303))?.status).toBe(303);
  });

  it("knows an outcome made by another copy of the module (the server's route layer and the Remix build each load one)", () => {
    const elsewhere = Object.assign(new Error("go to"), { [Symbol.for("frontdoor.domain-outcome")]: "go-to", to: "/pfs/link-reset", status: 302 });
    expect(httpAnswerFor(elsewhere)?.headers.get("Location")).toBe("/pfs/link-reset");
    const gone = Object.assign(new Error("not found"), { [Symbol.for("frontdoor.domain-outcome")]: "not-found" });
    expect(httpAnswerFor(gone)?.status).toBe(404);
  });

  it("leaves any other error alone", async () => {
    expect(httpAnswerFor(new Error("boom"))).toBeNull();
    await expect(answeringOutcomes(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
  });

  it("throws the answer on, and passes a result through", async () => {
    await expect(answeringOutcomes(() => Promise.reject(new NotFound()))).rejects.toBeInstanceOf(Response);
    await expect(answeringOutcomes(() => "result")).resolves.toBe("result");
  });
});
