/**
 * The video pages' shared guards: staff of a practice with video on (and the global video
 * setting), the patient's side (a signed-in patient of the consultation, or the holder of the
 * invitation link's token), and the WebRTC settings the browser is given.
 */
import { redirect } from "@remix-run/node";
import type { AppContext } from "~/context.server";
import { gp_or_reception_or_practice_admin, loggedin, patient as patientGuard, video_consultations, type Guard } from "~/domain/auth/guards";
import type { Viewer } from "~/domain/auth/viewer.server";
import { NotFound } from "~/domain/outcomes";
import type { Practice } from "~/domain/practices/practices.server";
import { consultationAt, consultationByToken, videoSettingOn, type Consultation } from "~/domain/video/schedule.server";
import { groupChatAt, groupMembers, type GroupChat, type GroupMember } from "~/domain/video/group.server";
import type { Side } from "~/domain/video/call.server";
import { permissionDeniedPath, requireViewer } from "~/web/auth/guards.server";
import { getViewer } from "~/web/auth/viewer.server";
import { practiceNamedInUrl } from "~/web/practices.server";
import { parseId } from "~/validation/ids";
import { clientScriptUrl } from "~/web/shell/client-scripts.server";

async function requireVideoOn(context: AppContext, practice: Practice) {
  if (!practice.allowVideo || !(await videoSettingOn(context.db))) throw redirect(permissionDeniedPath(undefined, practice.urlCode));
}

/** Staff (gp or receptionist) of the practice in the URL, which has video, with video on globally. */
export async function requireVideoStaff(request: Request, context: AppContext, code: string | undefined, guards: Guard[] = [video_consultations]) {
  const { viewer, practice } = await requireViewer(request, context, guards, { practiceCode: code ?? "" });
  await requireVideoOn(context, practice!);
  return { viewer, practice: practice! };
}

/** Availability, leave and calendar (spec 3 §2): gp, receptionist or practice admin of the practice. */
export async function requireRotaViewer(request: Request, context: AppContext, code: string | undefined) {
  const { viewer, practice } = await requireViewer(request, context, [gp_or_reception_or_practice_admin], { practiceCode: code ?? "" });
  return { viewer, practice: practice! };
}

/** The waiting room without a token: a signed-in patient (or carer) of a practice with video. */
export async function requireVideoPatient(request: Request, context: AppContext, code: string | undefined) {
  const { viewer, practice } = await requireViewer(request, context, [patientGuard], { practiceCode: code ?? "" });
  await requireVideoOn(context, practice!);
  return { viewer, practice: practice! };
}

export type Participant = { side: Side; consultation: Consultation; practice: Practice; viewer: Viewer | null; token: string | null };

/**
 * Who is asking about one consultation's call: its practice's staff (the clinician's side), or
 * the patient (signed in as that patient, or holding the invitation's token). Anyone else gets
 * the page-not-found answer, so the address never says whether the consultation exists.
 */
export async function requireParticipant(request: Request, context: AppContext, code: string | undefined, idParam: string | undefined, token: string | null): Promise<Participant> {
  const practice = code ? await practiceNamedInUrl(request, context, code) : null;
  const id = Number(idParam);
  if (!practice || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new NotFound();
  const now = context.clock.now();
  if (!practice.allowVideo || !(await videoSettingOn(context.db))) throw new NotFound();
  if (token) {
    const byToken = await consultationByToken(context.db, practice.id, token, now);
    if (byToken && byToken.id === id) return { side: "patient", consultation: byToken, practice, viewer: null, token };
    throw new NotFound();
  }
  const viewer = await getViewer(request, context);
  if (!viewer) throw new NotFound();
  const consultation = await consultationAt(context.db, practice.id, id, now);
  const isStaffHere = viewer.memberships.some((m) => m.practiceId === practice.id && (m.role === "gp" || m.role === "receptionist"));
  if (isStaffHere) return { side: "clinician", consultation, practice, viewer, token: null };
  if (viewer.patient && viewer.patient.id === consultation.patientId) return { side: "patient", consultation, practice, viewer, token: null };
  throw new NotFound();
}

/** ICE servers for RTCPeerConnection, from VIDEO_ICE_SERVERS (empty: host candidates only). */
export function iceServers(context: Pick<AppContext, "config">) {
  return context.config.videoIceServers ?? [];
}

/**
 * What a page with a call gives components/video/VideoCall: the ICE servers and the plain call
 * script's URL (decision 0161; null without a build).
 */
export function callSetup(context: Pick<AppContext, "config">) {
  return { iceServers: iceServers(context), callScript: clientScriptUrl("video-call") };
}

// ---- group video (decision 0123) ----

const clinicalStaffAt = (viewer: Viewer, practiceId: number) => viewer.memberships.some((m) => m.practiceId === practiceId && (m.role === "gp" || m.role === "receptionist"));

async function requireGroupVideoOn(context: AppContext, practice: Practice) {
  if (!practice.groupChatSetting || !(await videoSettingOn(context.db))) throw redirect(permissionDeniedPath(undefined, practice.urlCode));
}

/** The group calls' list: gp, receptionist or practice admin of a practice with group video (and video on globally). */
export async function requireGroupVideoStaff(request: Request, context: AppContext, code: string | undefined) {
  const { viewer, practice } = await requireViewer(request, context, [gp_or_reception_or_practice_admin], { practiceCode: code ?? "" });
  await requireGroupVideoOn(context, practice!);
  return { viewer, practice: practice! };
}

export type GroupViewer = { viewer: Viewer; practice: Practice; chat: GroupChat; members: GroupMember[]; me: GroupMember | null; isStaff: boolean };

/**
 * One group call's page (signed in): the practice's staff and admins see it (and join when a
 * member); a patient sees it only as a member. Anyone else gets page-not-found, so the address
 * never says whether the call exists.
 */
export async function requireGroupViewer(request: Request, context: AppContext, code: string | undefined, idParam: string | undefined): Promise<GroupViewer> {
  const { viewer, practice } = await requireViewer(request, context, [loggedin], { practiceCode: code ?? "" });
  const id = parseId(idParam);
  if (!practice || !id) throw new NotFound();
  const isStaff = viewer.globalRoles.has("admin") || viewer.memberships.some((m) => m.practiceId === practice.id);
  if (isStaff) await requireGroupVideoOn(context, practice);
  else if (!practice.groupChatSetting || !(await videoSettingOn(context.db))) throw new NotFound();
  const chat = await groupChatAt(context.db, practice.id, id);
  const members = await groupMembers(context.db, chat.id);
  const me = members.find((m) => (m.kind === "staff" ? m.userId === viewer.userId : viewer.patient !== null && m.patientId === viewer.patient.id)) ?? null;
  if (!isStaff && !me) throw new NotFound();
  return { viewer, practice, chat, members, me, isStaff };
}

/** The group call's signalling: members only; anyone else (signed out too) gets 404. */
export async function requireGroupMember(request: Request, context: AppContext, code: string | undefined, idParam: string | undefined) {
  const practice = code ? await practiceNamedInUrl(request, context, code) : null;
  const id = parseId(idParam);
  if (!practice || !id || !practice.groupChatSetting || !(await videoSettingOn(context.db))) throw new NotFound();
  const viewer = await getViewer(request, context);
  if (!viewer) throw new NotFound();
  const chat = await groupChatAt(context.db, practice.id, id);
  const members = await groupMembers(context.db, chat.id);
  const me = members.find((m) => (m.kind === "staff" ? m.userId === viewer.userId && clinicalStaffAt(viewer, practice.id) : viewer.patient !== null && m.patientId === viewer.patient.id));
  if (!me) throw new NotFound();
  return { viewer, practice, chat, members, me };
}
