import { describe, expect, it } from "vitest";
import { gpFail, gpOk, type GpError } from "~/domain/gp-system/gp-system";
import { MEDICAL_RECORD_MESSAGES, recordView } from "./medical-record";

describe("My Records' view of the GP record", () => {
  it("shows the four sections in order, dates as DD/MM/YYYY, medication with its dosage", () => {
    const view = recordView(
      gpOk({
        allergies: [{ name: "Penicillin", detail: "Rash", recordedOn: "2016-03-01" }],
        medication: [{ courseId: "7", name: "Amlodipine 5mg tablets", dosage: "One a day" }],
        problems: [],
        testResults: [{ name: "HbA1c", detail: null, recordedOn: "2026-09-28" }],
      }),
    );
    expect(view).toEqual({
      state: "shown",
      sections: [
        { id: "allergies", title: "Allergies and adverse reactions", rows: [{ name: "Penicillin", detail: "Rash", date: "01/03/2016" }] },
        { id: "medication", title: "Repeat medication", rows: [{ name: "Amlodipine 5mg tablets", detail: "One a day", date: "" }] },
        { id: "problems", title: "Problems and conditions", rows: [] },
        { id: "test-results", title: "Test results", rows: [{ name: "HbA1c", detail: null, date: "28/09/2026" }] },
      ],
    });
  });

  it("reads every failure of the GP system as not available", () => {
    const errors: GpError[] = [{ kind: "unavailable" }, { kind: "not_linked" }, { kind: "linkage_reset" }, { kind: "bad_request", messages: ["x"] }];
    for (const error of errors) {
      expect(recordView(gpFail(error))).toEqual({ state: "unavailable", message: MEDICAL_RECORD_MESSAGES.unavailable });
    }
  });
});
