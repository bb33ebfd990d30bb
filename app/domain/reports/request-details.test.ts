import { describe, expect, it } from "vitest";
import { DETAILS_PAGE_SIZE, detailsPage, requestDetailsColumns, requestDetailsRow, stateLabel, type RequestDetailsRecord } from "./request-details";

const record: RequestDetailsRecord = {
  id: 42,
  practiceName: "Alpha Surgery",
  practiceCode: "alpha",
  submittedAt: new Date("2026-07-01T07:59:00Z"),
  typeName: "Medical question",
  requester: "dependent",
  submittedVia: "web",
  stage: "completed",
  awaitingPatientReply: false,
  urgencyId: 3,
  firstResponseAt: new Date("2026-07-01T10:14:00Z"),
};

describe("the request details list", () => {
  it("shows a request without the patient: reference, London time, type, sender, status, urgency, time to first response", () => {
    expect(requestDetailsRow(record, { withPractice: false, inboxLinks: false })).toEqual({
      cells: ["FD-000042", "01/07/2026 08:59", "Medical question", "Carer", "Completed", "Urgent", "2 hours 15 minutes"],
      href: undefined,
    });
    expect(requestDetailsColumns(false)).toHaveLength(7);
  });

  it("links to the request in the practice's inbox only for its staff, and names the practice when several are listed", () => {
    const row = requestDetailsRow({ ...record, firstResponseAt: null, urgencyId: null }, { withPractice: true, inboxLinks: true });
    expect(row.cells[0]).toBe("Alpha Surgery");
    expect(row.cells.slice(-2)).toEqual(["Not set", "No response yet"]);
    expect(row.href).toBe("/alpha/inboxes/all/request-details/42");
    expect(requestDetailsColumns(true)[0]).toBe("Practice");
  });

  it("says where an open request is: open, or awaiting the patient's response", () => {
    expect(stateLabel({ stage: "submitted", awaitingPatientReply: false })).toBe("Open");
    expect(stateLabel({ stage: "submitted", awaitingPatientReply: true })).toBe("Awaiting response");
    expect(stateLabel({ stage: "rejected", awaitingPatientReply: false })).toBe("Rejected");
  });

  it("keeps the page asked for to the pages there are, and anything else to the first", () => {
    const total = DETAILS_PAGE_SIZE * 2 + 1;
    expect([null, "", "0", "2", "3", "4", "-1", "1e3", "9999999", "2.5"].map((p) => detailsPage(p, total))).toEqual([1, 1, 1, 2, 3, 3, 1, 1, 1, 1]);
    expect(detailsPage("5", 0)).toBe(1);
  });
});
