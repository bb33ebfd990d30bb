/**
 * What the server-rendered call markup (components/video/VideoCall.tsx) tells the plain call
 * script (app/client/video-call.ts, decision 0161), and the words both show. Constants and types
 * only, so the components import it without pulling browser code into the server.
 */

/** On the call's container: its settings as JSON (`CallSettings`). Its children are the no-video fallback. */
export const VIDEO_CALL = "data-video-call";

/** Marks, inside the call's template, the parts the script drives. */
export const CALL_PART = "data-call-part";
export type CallPart = "status" | "local" | "remote" | "remotes" | "mute" | "camera" | "tile-video" | "tile-name";

export type IceServer = { urls: string | string[]; username?: string; credential?: string };

type CommonSettings = {
  signalUrl: string;
  iceServers: IceServer[];
  /** The session's CSRF token: every signal post carries it, as every form does. */
  csrf: string;
  /** The <template> holding the call's markup, swapped in for the fallback. */
  templateId: string;
};

/** A consultation: the clinician's side makes the offer, the patient's answers. */
export type OneToOneSettings = CommonSettings & {
  kind: "one-to-one";
  side: "clinician" | "patient";
  /** Extra fields every post (and the event stream's URL) carries: the patient's invitation token. */
  extra?: Record<string, string>;
};

/** A group call (decision 0123): `me` is this browser's member id; a remote tile is cloned from `tileTemplateId`. */
export type GroupSettings = CommonSettings & {
  kind: "group";
  me: number;
  /** Member id → name, for the tiles. */
  names: Record<string, string>;
  tileTemplateId: string;
};

export type CallSettings = OneToOneSettings | GroupSettings;

export const CALL_STATUS = {
  starting: "Starting your camera and microphone…",
  waiting: "Waiting for the other person to join.",
  connecting: "Connecting…",
  connected: "Connected",
  ended: "The call has ended.",
  noCamera: "We could not use your camera or microphone. Check that you have allowed this page to use them, or join by phone.",
} as const;
export type CallStatus = keyof typeof CALL_STATUS;

export type GroupState = "starting" | "noCamera" | "ended" | "live";

/** What a group call's status line says: nobody yet, or how many the browser is connected to. */
export function groupStatusText(state: GroupState, connected: number): string {
  if (state !== "live") return CALL_STATUS[state];
  if (connected === 0) return "Waiting for the others to join.";
  return `Connected to ${connected} ${connected === 1 ? "person" : "people"}`;
}

/** The two buttons' words: what pressing them does now. */
export function toggleLabel(kind: "audio" | "video", off: boolean): string {
  if (kind === "audio") return off ? "Unmute microphone" : "Mute microphone";
  return off ? "Turn camera on" : "Turn camera off";
}
