import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { dateOfBirthSchema, MAGIC_LINK_MESSAGES } from "./magic-link-form";

const schema = dateOfBirthSchema({ today: new Date("2026-11-21T00:00:00Z"), maximumPatientAge: 111 });
const parse = (parts: Record<string, string>) => {
  const data = new FormData();
  for (const [part, value] of Object.entries(parts)) data.append(`dateOfBirth.${part}`, value);
  return parseWithZod(data, { schema });
};

describe("date of birth for a magic link", () => {
  it("builds an ISO date from the three fields", () => {
    const submission = parse({ day: "5", month: "03", year: "1984" });
    expect(submission.status === "success" && submission.value).toEqual({ dateOfBirth: "1984-03-05" });
  });

  it("says which part is wrong, on that part", () => {
    expect(parse({}).reply().error).toEqual({ "dateOfBirth.day": ["Enter your date of birth"] });
    expect(parse({ day: "1", year: "1990" }).reply().error).toEqual({ "dateOfBirth.month": ["Date of birth must include a month"] });
    expect(parse({ day: "30", month: "2", year: "1990" }).reply().error).toEqual({ "dateOfBirth.day": ["Date of birth must be a real date"] });
    expect(parse({ day: "1", month: "1", year: "2027" }).reply().error).toEqual({ "dateOfBirth.day": ["Date of birth must be in the past"] });
  });

  it("counts down the tries left before the lock", () => {
    expect(MAGIC_LINK_MESSAGES.wrongDateOfBirth(2)).toContain("2 more times");
    expect(MAGIC_LINK_MESSAGES.wrongDateOfBirth(1)).toContain("1 more time before");
  });
});
