import { describe, expect, it } from "vitest";
import { exampleValues, parseTags, renderTemplate, tagsProblem, TemplateSchema, unknownPlaceholders } from "./placeholders";

const values = { patient_name: "Ann Lee", practice_name: "Hill Surgery", booking_link: "https://x.test/hill/book" };

describe("renderTemplate", () => {
  it("fills every placeholder, each time it appears", () => {
    expect(renderTemplate("Dear {patient_name}, {practice_name} here. Book: {booking_link}. Bye {patient_name}", values)).toBe(
      "Dear Ann Lee, Hill Surgery here. Book: https://x.test/hill/book. Bye Ann Lee",
    );
  });
  it("leaves unknown names and stray braces as typed", () => {
    expect(renderTemplate("{nope} {patient_name} {} { patient_name }", values)).toBe("{nope} Ann Lee {} { patient_name }");
  });
  it("does not re-read a value that looks like a placeholder", () => {
    expect(renderTemplate("{patient_name}", { ...values, patient_name: "{practice_name}" })).toBe("{practice_name}");
  });
  it("previews with example values and the practice's own name", () => {
    expect(renderTemplate("{practice_name}", exampleValues("Oak Practice"))).toBe("Oak Practice");
    expect(renderTemplate("{patient_name}", exampleValues())).toBe("Jane Smith");
  });
});

describe("unknownPlaceholders", () => {
  it("lists each unknown name once", () => {
    expect(unknownPlaceholders("{name} {name} {patient_name} {dob}")).toEqual(["name", "dob"]);
  });
});

describe("tags", () => {
  it("trims, lower-cases and drops repeats and empties", () => {
    expect(parseTags(" Asthma, flu  clinic ,,asthma")).toEqual(["asthma", "flu clinic"]);
  });
  it("refuses too many, too long and odd characters", () => {
    expect(tagsProblem(["a", "b", "c", "d", "e", "f"])).toBe("Enter 5 tags or fewer");
    expect(tagsProblem(["x".repeat(31)])).toBe("Each tag must be 30 characters or fewer");
    expect(tagsProblem(["<b>"])).toBe("Tags may only contain letters, numbers, spaces and hyphens");
    expect(tagsProblem(["flu-clinic 2026"])).toBeNull();
  });
});

describe("TemplateSchema", () => {
  const parse = (v: Record<string, string>) => TemplateSchema.safeParse(v);
  it("needs a title and a message", () => {
    const r = parse({ title: " ", body: "" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(["Enter a title", "Enter the message"]);
  });
  it("refuses an unknown placeholder by name", () => {
    const r = parse({ title: "T", body: "Hello {first_name}" });
    expect(r.error?.issues[0].message).toBe("{first_name} is not a placeholder. Use {patient_name}, {practice_name} or {booking_link}");
  });
  it("counts length with tags stripped (spec 3 §5)", () => {
    expect(parse({ title: "T", body: "<b>" + "a".repeat(2000) + "</b>" }).success).toBe(true);
    expect(parse({ title: "T", body: "a".repeat(2001) }).error?.issues[0].message).toBe("The message field may not be greater than 2000 characters.");
  });
  it("defaults the intent to save and parses tags", () => {
    expect(parse({ title: "T", body: "B", tags: "Flu" }).data).toEqual({ intent: "save", title: "T", body: "B", tags: ["flu"] });
  });
});
