import { describe, expect, it } from "vitest";
import { isPatientSideVideoEvent, videoHistoryText } from "./history";

describe("videoHistoryText", () => {
  it("says who joined and left, in words", () => {
    expect(videoHistoryText("video_joined", { consultationId: 1, side: "patient" } as never)).toBe("Patient joined the video consultation");
    expect(videoHistoryText("video_joined", { side: "clinician" })).toBe("Clinician joined the video consultation");
    expect(videoHistoryText("video_left", { side: "patient", seconds: 725 })).toBe("Patient left the video consultation after 12 minutes 5 seconds in the call");
    // Left before the other side came: no call to measure.
    expect(videoHistoryText("video_left", { side: "clinician", seconds: null })).toBe("Clinician left the video consultation");
  });

  it("gives the schedule's time and the call's length", () => {
    expect(videoHistoryText("video_scheduled", { scheduledFor: "2026-11-28T15:30:00.000Z" })).toBe("Video consultation scheduled for 28/11/2026 15:30");
    expect(videoHistoryText("video_scheduled", { scheduledFor: "not a date" })).toBe("Video consultation scheduled");
    expect(videoHistoryText("video_completed", { durationSeconds: 60 })).toBe("Video consultation completed: call length 1 minute");
    expect(videoHistoryText("video_completed", {})).toBe("Video consultation completed");
    expect(videoHistoryText("video_cancelled", null)).toBe("Video consultation cancelled");
  });

  it("leaves other events to the history's own words", () => {
    expect(videoHistoryText("assign", {})).toBeNull();
    expect(isPatientSideVideoEvent("video_joined", { side: "patient" })).toBe(true);
    expect(isPatientSideVideoEvent("video_joined", { side: "clinician" })).toBe(false);
    expect(isPatientSideVideoEvent("assign", { side: "patient" })).toBe(false);
  });
});
