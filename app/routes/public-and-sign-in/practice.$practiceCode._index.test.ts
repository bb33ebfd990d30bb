import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestWorld } from "../../../tests/support/world";
import { type TestContext } from "../../../tests/support/context";
import { callLoader, getRequest, readJson, wasThrown } from "../../../tests/support/requests";
import { openingHours, practices } from "~/db/schema";
import { DEFAULT_OPENING_HOURS } from "~/domain/practices/opening-hours";
import * as homeRoute from "./_index";
import { loader } from "./practice.$practiceCode._index";

type Landing = {
  practice: { name: string; urlCode: string; address: string; phone: string | null };
  hours: { day: string; closed: boolean; opens: string | null; closes: string | null }[];
};

const t = useTestWorld({ onContext: (c) => (context = c) });
let context: TestContext;
beforeAll(async () => {
  const [demo] = await t.db
    .insert(practices)
    .values({
      name: "Riverside Medical Centre",
      urlCode: "demo",
      addressLine1: "12 Riverside Road",
      town: "Leeds",
      postcode: "LS1 4AP",
      phone: "0113 496 0000",
    })
    .returning();
  await t.db.insert(openingHours).values(
    DEFAULT_OPENING_HOURS.map((h) => ({
      practiceId: demo.id,
      day: h.day,
      closed: h.closed,
      localOpeningTime: h.opens,
      localClosingTime: h.closes,
    })),
  );
  // A practice with only a name and no opening hours recorded.
  await t.db.insert(practices).values({ name: "Hillside Surgery", urlCode: "Hill2" });
  // Codes that name features, not practices: even if a row has one, it is never a landing page.
  await t.db.insert(practices).values([
    { name: "Should never show (all)", urlCode: "all" },
    { name: "Should never show (aitesting)", urlCode: "AITesting" },
  ]);
});

const land = (practiceCode: string | undefined) =>
  callLoader(loader, {
    request: getRequest(`/practice/${encodeURIComponent(practiceCode ?? "")}`),
    params: practiceCode === undefined ? {} : { practiceCode },
    context,
  });

describe("practice landing loader", () => {
  it.each(["demo", "DEMO", "Demo"])("finds the demo practice as %s (codes are case-insensitive)", async (code) => {
    const response = await land(code);
    expect(response.status).toBe(200);
    const data = await readJson<Landing>(response);
    expect(data.practice).toEqual({
      name: "Riverside Medical Centre",
      urlCode: "demo",
      address: "12 Riverside Road, Leeds, LS1 4AP",
      phone: "0113 496 0000",
    });
    expect(data.hours.map((h) => h.day)).toEqual(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
    expect(data.hours[0]).toEqual({ day: "monday", closed: false, opens: "08:00", closes: "18:30" });
    expect(data.hours[6]).toEqual({ day: "sunday", closed: true, opens: null, closes: null });
  });

  it("shows a practice with no address or phone recorded", async () => {
    const data = await readJson<Landing>(await land("hill2"));
    expect(data.practice).toEqual({ name: "Hillside Surgery", urlCode: "Hill2", address: "", phone: null });
    expect(data.hours).toHaveLength(7);
  });

  it.each(["nope", "demo2", "Y12345"])("throws 404 for the unknown code %s", async (code) => {
    const response = await land(code);
    expect(response.status).toBe(404);
    expect(wasThrown(response)).toBe(true);
  });

  it.each(["all", "ALL", "aitesting", "AITesting"])("throws 404 for the special code %s, even with a row behind it", async (code) => {
    const response = await land(code);
    expect(response.status).toBe(404);
    expect(wasThrown(response)).toBe(true);
  });

  it.each(["demo'--", "de-mo", "demo ", "demo%", "dem_", "../demo", "démo", ""])(
    "throws 404 for a code with symbols (%j), without matching demo",
    async (code) => {
      const response = await land(code);
      expect(response.status).toBe(404);
    },
  );

  it("throws 404 without a practice code", async () => {
    expect((await land(undefined)).status).toBe(404);
  });
});

describe("home page loader", () => {
  it("lists the practices by name, leaving out the special codes", async () => {
    const response = await callLoader(homeRoute.loader, { request: getRequest("/"), context });
    const data = await readJson<{ practices: { name: string; urlCode: string }[] }>(response);
    expect(data.practices).toEqual([
      { name: "Hillside Surgery", urlCode: "Hill2" },
      { name: "Riverside Medical Centre", urlCode: "demo" },
    ]);
  });
});
