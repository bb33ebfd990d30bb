import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type * as z from "zod";
import { copy } from "~/copy";
import { londonToday } from "~/domain/time/london";
import { CarerRegistrationSchema, dependentSchema, InvitationRegistrationSchema, patientRegistrationSchema } from "./registration-forms";

const options = { today: new Date("2026-11-21T00:00:00Z"), maximumPatientAge: 111 };
const valid = {
  firstName: " Oliver ",
  lastName: "Bennett",
  "dateOfBirth.day": "14",
  "dateOfBirth.month": "1",
  "dateOfBirth.year": "1972",
  email: "Oliver@Example.com",
  confirmEmail: "oliver@example.com",
  mobile: "07700 900 200",
  password: "Correct-horse-42",
};

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

function errorsOf(fields: Record<string, string>, schema: z.ZodType = patientRegistrationSchema(options)) {
  const submission = parseWithZod(form(fields), { schema });
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}

describe("the patient registration form", () => {
  it("accepts a complete form and normalises what it keeps", () => {
    const submission = parseWithZod(form(valid), { schema: patientRegistrationSchema(options) });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      firstName: "Oliver",
      lastName: "Bennett",
      dateOfBirth: "1972-01-14",
      email: "oliver@example.com",
      mobile: "07700900200",
    });
    expect(submission.value.postcode).toBeUndefined();
  });

  it("uses the spec's messages for password, e-mail confirmation and mobile", () => {
    const errors = errorsOf({ ...valid, password: "short", confirmEmail: "other@example.com", mobile: "0113 496 0000" });
    expect(errors.password).toEqual([copy.validation.password]);
    expect(errors.confirmEmail).toEqual([copy.validation.confirmEmailMismatch]);
    expect(errors.mobile).toEqual([copy.validation.mfaMobile]);
    expect(errorsOf({ ...valid, confirmEmail: "" }).confirmEmail).toEqual([copy.validation.confirmEmailMissing]);
    expect(errorsOf({ ...valid, email: "not-an-address", confirmEmail: "not-an-address" }).email).toEqual([copy.validation.email]);
    expect(errorsOf({ ...valid, email: "zoë@example.com", confirmEmail: "zoë@example.com" }).email).toEqual([copy.validation.emailCharacters]);
  });

  it("puts a date error on the part that is wrong", () => {
    expect(errorsOf({ ...valid, "dateOfBirth.day": "", "dateOfBirth.month": "", "dateOfBirth.year": "" })).toMatchObject({
      "dateOfBirth.day": ["Enter your date of birth"],
    });
    expect(errorsOf({ ...valid, "dateOfBirth.month": "" })).toMatchObject({ "dateOfBirth.month": ["Date of birth must include a month"] });
    expect(errorsOf({ ...valid, "dateOfBirth.year": "72" })).toMatchObject({ "dateOfBirth.year": ["Date of birth must be a real date"] });
    expect(errorsOf({ ...valid, "dateOfBirth.day": "31", "dateOfBirth.month": "2" })).toMatchObject({
      "dateOfBirth.day": ["Date of birth must be a real date"],
    });
    expect(errorsOf({ ...valid, "dateOfBirth.year": "2027" })).toMatchObject({ "dateOfBirth.day": ["Date of birth must be in the past"] });
  });

  it("refuses anyone older than the maximum patient age", () => {
    expect(errorsOf({ ...valid, "dateOfBirth.year": "1900" })).toMatchObject({
      "dateOfBirth.year": ["Date of birth must be within the last 111 years"],
    });
    const younger = patientRegistrationSchema({ ...options, maximumPatientAge: 50 });
    expect(errorsOf(valid, younger)).toMatchObject({ "dateOfBirth.year": ["Date of birth must be within the last 50 years"] });
  });

  it("takes an optional postcode, normalised, and refuses a malformed one", () => {
    const submission = parseWithZod(form({ ...valid, postcode: "ls1 3ex" }), { schema: patientRegistrationSchema(options) });
    expect(submission.status === "success" && submission.value.postcode).toBe("LS13EX");
    expect(errorsOf({ ...valid, postcode: "12345" }).postcode).toEqual(["Enter a real postcode, like LS1 4AP."]);
  });

  it("asks for each missing name", () => {
    const errors = errorsOf({ ...valid, firstName: "  ", lastName: "" });
    expect(errors.firstName).toEqual(["Enter your first name."]);
    expect(errors.lastName).toEqual(["Enter your last name."]);
  });
});

describe("the other registration forms", () => {
  it("carer: no date of birth, the same account rules", () => {
    const { "dateOfBirth.day": _d, "dateOfBirth.month": _m, "dateOfBirth.year": _y, ...carer } = valid;
    expect(parseWithZod(form(carer), { schema: CarerRegistrationSchema }).status).toBe("success");
    expect(errorsOf({ ...carer, password: "alllowercase123" }, CarerRegistrationSchema).password).toEqual([copy.validation.password]);
  });

  it("dependent: speaks of them, not you", () => {
    const errors = errorsOf({ firstName: "", lastName: "", "dateOfBirth.day": "", "dateOfBirth.month": "", "dateOfBirth.year": "" }, dependentSchema(options));
    expect(errors).toMatchObject({
      firstName: ["Enter their first name."],
      lastName: ["Enter their last name."],
      "dateOfBirth.day": ["Enter their date of birth"],
    });
  });

  it("invitation: name and a password that follows the rule", () => {
    const errors = errorsOf({ intent: "register", firstName: "Priya", lastName: "Shah", password: "password" }, InvitationRegistrationSchema);
    expect(errors).toEqual({ password: [copy.validation.password] });
  });
});

describe("londonToday", () => {
  it("is the date in London, not in UTC", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(londonToday(new Date("2026-06-30T23:30:00Z")).toISOString()).toBe("2026-07-01T00:00:00.000Z");
    expect(londonToday(new Date("2026-12-31T23:30:00Z")).toISOString()).toBe("2026-12-31T00:00:00.000Z");
  });
});
