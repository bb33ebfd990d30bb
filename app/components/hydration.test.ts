/**
 * Issue "speed": ≤ 90 KB of JS per patient page. A hydrated page carries React, react-dom and
 * Remix's client (83.5 KB gzip) before any code of its own, so every patient page says
 * `hydrate: false` and gets its comforts from plain scripts (decisions 0145, 0160), but those
 * listed with a reason in HYDRATED_PATIENT_PAGES. A new patient page that forgets fails here.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { HYDRATED_PATIENT_PAGES, patientPageModules, STAFF_PAGES_IN_PATIENT_AREAS } from "../../bench/js-closure";
import { pageHydrates } from "./hydration";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("patient pages and hydration", () => {
  const modules = patientPageModules(root);

  it("finds the patient pages of the route table, and not the staff ones among them", () => {
    const ids = modules.map((m) => m.id);
    expect(ids.length).toBeGreaterThan(80);
    expect(ids).toContain("routes/$practiceCode.questions.$entryId");
    expect(ids).toContain("routes/appointments._index");
    expect(ids).toContain("routes/$practiceCode.waitingroom");
    for (const staff of STAFF_PAGES_IN_PATIENT_AREAS) expect(ids).not.toContain(staff);
  });

  // Loads ~90 route modules and what they import: seconds on a quiet machine, more on a busy one.
  it("every patient page says hydrate: false, but the listed exceptions, which still hydrate", { timeout: 120_000 }, async () => {
    const hydrated: string[] = [];
    for (const { id, file } of modules) {
      const module = (await import(join(root, "app", file))) as { default?: unknown; handle?: unknown };
      if (typeof module.default !== "function") continue; // a resource route: no page
      if (pageHydrates([module.handle])) hydrated.push(id);
    }
    expect(hydrated.sort()).toEqual(Object.keys(HYDRATED_PATIENT_PAGES).sort());
  });
});
