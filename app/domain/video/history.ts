/**
 * The request history's words for what a video consultation did (the entry_events kinds
 * video_scheduled, video_joined, video_left, video_completed, video_cancelled): who joined or
 * left, and how long the call lasted, rather than the stored event names. Pure.
 */
import { formatLondonDateTime } from "~/domain/time/london";
import { formatDuration } from "./schedule";

type Detail = { side?: unknown; seconds?: unknown; durationSeconds?: unknown; scheduledFor?: unknown } | null | undefined;

const sideName = (side: unknown) => (side === "patient" ? "Patient" : "Clinician");
const seconds = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? Math.round(v) : null);

/** The history line of a video event, or null when the kind is not a video event. */
export function videoHistoryText(kind: string, detail: Detail): string | null {
  const d = detail ?? {};
  switch (kind) {
    case "video_scheduled": {
      const at = typeof d.scheduledFor === "string" && !Number.isNaN(Date.parse(d.scheduledFor)) ? ` for ${formatLondonDateTime(new Date(d.scheduledFor))}` : "";
      return `Video consultation scheduled${at}`;
    }
    case "video_joined":
      return `${sideName(d.side)} joined the video consultation`;
    case "video_left": {
      const s = seconds(d.seconds);
      return `${sideName(d.side)} left the video consultation${s === null ? "" : ` after ${formatDuration(s)} in the call`}`;
    }
    case "video_completed": {
      const s = seconds(d.durationSeconds);
      return `Video consultation completed${s === null ? "" : `: call length ${formatDuration(s)}`}`;
    }
    case "video_cancelled":
      return "Video consultation cancelled";
    default:
      return null;
  }
}

/** Patients' own actions carry no staff name in the history ("by" is for staff). */
export const isPatientSideVideoEvent = (kind: string, detail: Detail) => (kind === "video_joined" || kind === "video_left") && detail?.side === "patient";
