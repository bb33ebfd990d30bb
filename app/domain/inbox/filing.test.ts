import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { defaultFilingSummary, FILING_MESSAGES, FilingSchema, isSnomedConceptId, verhoeffValid } from "./filing";

const parse = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) data.append(k, one);
  return parseWithZod(data, { schema: FilingSchema });
};

describe("SNOMED CT concept ids", () => {
  it("accepts real concept ids (the seeded list's among them)", () => {
    for (const code of ["195967001", "44054006", "38341003", "840539006", "22298006", "182836005", "390906007", "709044004"]) expect(isSnomedConceptId(code)).toBe(true);
  });

  it("refuses a wrong check digit, a description or relationship id, a leading zero, and wrong lengths", () => {
    expect(isSnomedConceptId("195967002")).toBe(false); // check digit
    expect(verhoeffValid("195967002")).toBe(false);
    expect(isSnomedConceptId("195967011")).toBe(false); // partition 01: a description id
    expect(isSnomedConceptId("0195967001")).toBe(false);
    expect(isSnomedConceptId("12345")).toBe(false);
    expect(isSnomedConceptId("1234567890123456789")).toBe(false);
    expect(isSnomedConceptId("19596700a")).toBe(false);
    expect(isSnomedConceptId("")).toBe(false);
  });
});

describe("the filing form", () => {
  it("files with at least one valid code and a summary; repeats are dropped", () => {
    const ok = parse({ intent: "file", codes: ["195967001", "195967001", "44054006"], summary: "Asthma review" });
    expect(ok.status).toBe("success");
    if (ok.status === "success" && ok.value.intent === "file") expect(ok.value.codes).toEqual(["195967001", "44054006"]);
  });

  it("refuses no code, a bad code, too many codes, and no summary", () => {
    expect(JSON.stringify(parse({ intent: "file", summary: "x" }).reply())).toContain(FILING_MESSAGES.noCodes);
    expect(JSON.stringify(parse({ intent: "file", codes: "195967002", summary: "x" }).reply())).toContain(FILING_MESSAGES.badCode);
    const eleven = ["195967001", "44054006", "38341003", "840539006", "22298006", "182836005", "390906007", "709044004", "46635009", "13645005", "35489007"];
    expect(JSON.stringify(parse({ intent: "file", codes: eleven, summary: "x" }).reply())).toContain(FILING_MESSAGES.tooMany);
    expect(JSON.stringify(parse({ intent: "file", codes: "195967001", summary: "  " }).reply())).toContain(FILING_MESSAGES.summaryRequired);
  });

  it("searches without needing codes or a summary", () => {
    expect(parse({ intent: "search", q: "asthma" }).status).toBe("success");
  });

  it("starts the summary from the request's type and answers, within the limit", () => {
    const text = defaultFilingSummary({ reference: "FD-000001", issueTypeName: "An admin request", answers: [{ question: "What do you need?", answer: "A fit note" }, { question: "Empty", answer: "" }] });
    expect(text).toBe("Online request FD-000001: An admin request\nWhat do you need?: A fit note");
    expect(defaultFilingSummary({ reference: "FD-1", issueTypeName: "T", answers: [{ question: "Q", answer: "x".repeat(5000) }] }).length).toBe(2000);
  });
});
