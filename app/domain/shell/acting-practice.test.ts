import { describe, expect, it } from "vitest";
import { actingPracticeId } from "./acting-practice";

const membership = (practiceId: number, urlCode: string) => ({ practiceId, urlCode, practiceName: urlCode, role: "gp" as const, idleTimeout: null });
const viewer = {
  memberships: [membership(1, "demotpp"), membership(2, "demo")],
  session: { practiceId: 1 } as never,
  patient: null,
};

describe("actingPracticeId", () => {
  it("follows the practice in the URL when the user works there", () => {
    expect(actingPracticeId(viewer, "demo")).toBe(2);
    expect(actingPracticeId(viewer, "DEMO")).toBe(2);
  });
  it("under /all (the federated inbox) acts at the session's practice, else the first where they are staff", () => {
    expect(actingPracticeId(viewer, "all")).toBe(1);
    expect(actingPracticeId({ ...viewer, session: { practiceId: 2 } as never }, "ALL")).toBe(2);
    const adminFirst = { ...viewer, memberships: [{ ...membership(3, "admin"), role: "practice_admin" as const }, membership(2, "demo")], session: { practiceId: 3 } as never };
    expect(actingPracticeId(adminFirst, "all")).toBe(2);
  });
  it("falls back to the session's practice, then the first", () => {
    expect(actingPracticeId(viewer, "elsewhere")).toBe(1);
    expect(actingPracticeId({ ...viewer, session: { practiceId: null } as never }, null)).toBe(1);
    expect(actingPracticeId({ memberships: [], session: { practiceId: null } as never, patient: { id: 5, practiceId: 9, urlCode: "x" } })).toBe(9);
  });
});
