import { describe, expect, it } from "vitest";
import { stepJourney } from "./step-journey";

const flow = (done: Record<string, boolean>) => stepJourney(Object.entries(done).map(([id, complete]) => ({ id, complete })));

describe("stepJourney", () => {
  it("starts at the first step and refuses a jump ahead", () => {
    const j = flow({ who: false, what: false, when: false });
    expect(j.firstIncomplete).toBe("who");
    expect(j.ready).toBe(false);
    expect(j.allowed("who")).toBe(true);
    expect(j.allowed("what")).toBe(false);
    expect(j.place("when")).toEqual({ step: "who" });
    expect(j.place(null)).toEqual({ step: "who" });
  });

  it("lets the person go back to any step before where they are, and not to one that does not exist", () => {
    const j = flow({ who: true, what: true, when: false });
    expect(j.place("who")).toEqual({ step: "who" });
    expect(j.place("when")).toEqual({ step: "when" });
    expect(j.allowed("elsewhere")).toBe(false);
    expect(j.place("elsewhere")).toEqual({ step: "when" });
  });

  it("goes on to the next step after a save, and to check your answers after the last", () => {
    const j = flow({ who: true, what: true, when: false });
    expect(j.afterSave("who", false)).toEqual({ step: "what" });
    expect(j.afterSave("what", false)).toEqual({ step: "when" });
    const all = flow({ who: true, what: true, when: true });
    expect(all.ready).toBe(true);
    expect(all.afterSave("when", false)).toEqual({ check: true });
    expect(all.place(null)).toEqual({ check: true });
  });

  it("a Change link returns to check your answers once nothing is missing", () => {
    const all = flow({ who: true, what: true, when: true });
    expect(all.afterSave("who", true)).toEqual({ check: true });
  });

  it("a change that leaves a later step unanswered leads there first", () => {
    const j = flow({ who: true, what: true, when: false });
    expect(j.afterSave("who", true)).toEqual({ step: "when" });
  });

  it("Back is the previous step, the start on the first, and check your answers while changing", () => {
    const j = flow({ who: true, what: false });
    expect(j.back("what", false)).toEqual({ step: "who" });
    expect(j.back("who", false)).toBeNull();
    expect(j.back("what", true)).toEqual({ check: true });
  });

  it("works for numbered steps too (a request's question pages)", () => {
    const j = stepJourney([{ id: 0, complete: true }, { id: 2, complete: false }]);
    expect(j.next(0)).toBe(2);
    expect(j.previous(2)).toBe(0);
    expect(j.place(5)).toEqual({ step: 2 });
  });

  it("a journey without steps is ready at once", () => {
    const j = stepJourney<string>([]);
    expect(j.ready).toBe(true);
    expect(j.place(null)).toEqual({ check: true });
  });
});
