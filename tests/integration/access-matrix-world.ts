/**
 * The people and rows of the access matrix (access-matrix.test.ts): two GP-system practices,
 * A (the practice under test) and B (another practice), everyone the matrix asks as, and for
 * each of them the "own" and "foreign" things a route's address can name.
 *
 * - own: what the role may legitimately open at practice A's address: their own request,
 *   draft, file, proxy link, carer page, personal inbox; for a role with none of its own,
 *   practice A's (patient P's requests, carer CA's link).
 * - foreign: something that is not theirs, named at their own practice's address: another
 *   patient's request, draft, file, appointment or prescription (patients, guests, carers),
 *   another practice's request, patient, file or staff member (staff of A at A's address;
 *   staff of B at B's address naming practice A's).
 */
import { eq, inArray } from "drizzle-orm";
import { gpLinks, patientEntries, patients, practices } from "~/db/schema";
import { landingPath } from "~/domain/auth/guards";
import { toGuardViewer } from "~/web/auth/guards.server";
import { getViewer } from "~/web/auth/viewer.server";
import { storeEntryFiles } from "~/domain/files/entry-files.server";
import type { GpPatient } from "~/domain/gp-system/gp-system";
import type { TestContext } from "../support/context";
import { makeGpPatient, makeGpPractice, type GpPractice } from "../support/online-services-fixtures";
import { createPatient, createUser, sessionCookie } from "../support/registration-fixtures";
import { makeEntry, signedInCarer } from "../support/request-fixtures";
import { getRequest } from "../support/requests";
import { makeUser } from "../support/session-fixtures";
import { makeConsultation, makeGroupChat } from "../support/video-fixtures";

/** The columns of the matrix, in table order. */
export const ROLES = ["anon", "patient", "guest", "carer", "pending", "gp", "recept", "staffB", "padmin", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_NAMES: Record<Role, string> = {
  anon: "anonymous visitor",
  patient: "patient P (account, patient record at A, linked to the GP system)",
  guest: "guest (guest account, patient record at A)",
  carer: "carer CA (link to dependent D1 at A approved by the practice)",
  pending: "carer CP (link to dependent D2 at A still pending)",
  gp: "GP at practice A",
  recept: "receptionist at practice A",
  staffB: "GP at practice B (another practice)",
  padmin: "practice admin of A (no staff role)",
  admin: "system admin (global role admin)",
};

export type Things = {
  /** The practice code in the address. */
  code: string;
  /** A submitted request, with one attached file. */
  entry: number;
  file: string;
  /** Two open drafts: the cancel page's action closes the second. */
  draft: number;
  cancelDraft: number;
  /** Staff pages: a patient record, a non-digital one, a carer's link to a patient. */
  patient: number;
  nonDigital: number;
  carerLink: { patientId: number; carerUserId: number };
  /** carer_dependents.id, as in /{code}/message/carer/{dependentId}. */
  dependent: number;
  /** The user id of /{code}/carer/{carerId}/register. */
  carerId: number;
  /** A staff member: a personal inbox. */
  staffMember: number;
  /** A video consultation (issue "video"). */
  video: number;
  /** A group video call (issue "video", decision 0123). */
  groupChat: number;
  /** GP-system objects: an appointment (slot id, booking id), another to cancel, a prescription request, another to cancel. */
  slot: string;
  booking: string;
  cancelSlot: string;
  prescription: string;
  cancelPrescription: string;
};

export type Persona = {
  role: Role;
  userId: number | null;
  /** The Cookie header of a signed-in session (undefined: anonymous). */
  cookie: string | undefined;
  /** Where not_loggedin pages send this person (landingPath of their viewer). */
  landing: string | null;
};

export type World = Awaited<ReturnType<typeof buildWorld>>;

const DAY_MS = 86_400_000;
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** Attaches a small PNG to a request: the id of its entry_files row. */
export async function attachFile(context: TestContext, entryId: number, userId: number | null): Promise<string> {
  const { stored } = await storeEntryFiles(context, {
    entryId,
    uploads: [{ field: "files", fileName: "scan.png", contentType: "image/png", bytes: PNG }],
    sensitive: false,
    userId,
  });
  return stored[0].id;
}

/** A request about a patient written by a user, in a stage; staff-written ones are marked so. */
export async function entryOf(
  context: TestContext,
  input: { practiceId: number; patientId: number; userId: number; stage?: "created" | "submitted"; staff?: boolean },
) {
  const entry = await makeEntry(context, { practiceId: input.practiceId, patientId: input.patientId, userId: input.userId, stage: input.stage });
  if (input.staff) await context.db.update(patientEntries).set({ requester: "staff" }).where(eq(patientEntries.id, entry.id));
  return entry.id;
}

/** A submitted request with a file, and two open drafts, all written by `userId` about `patientId`. */
async function requestsOf(context: TestContext, practiceId: number, patientId: number, userId: number, staff = false) {
  const entry = await entryOf(context, { practiceId, patientId, userId, stage: "submitted", staff });
  return {
    entry,
    file: await attachFile(context, entry, userId),
    draft: await entryOf(context, { practiceId, patientId, userId, staff }),
    cancelDraft: await entryOf(context, { practiceId, patientId, userId, staff }),
  };
}

async function nonDigitalPatient(context: TestContext, practiceId: number) {
  const [row] = await context.db
    .insert(patients)
    .values({ practiceId, firstName: "Norah", lastName: "Offline", dateOfBirth: "1941-03-09", nonDigital: true })
    .returning({ id: patients.id });
  return row.id;
}

/** The first free slots the GP system offers the patient now. */
async function freeSlots(context: TestContext, patient: GpPatient): Promise<string[]> {
  const now = context.clock.now();
  const slots = await context.gpSystem.slots(patient, { start: now, end: new Date(now.getTime() + 28 * DAY_MS) });
  if (!slots.ok) throw new Error("no slots");
  return slots.value.flatMap((s) => s.slots.map((slot) => slot.slotId));
}

/** Two booked appointments and two prescription requests of a linked GP patient. */
async function gpObjects(context: TestContext, patient: GpPatient) {
  const book = async () => {
    const [slotId] = await freeSlots(context, patient);
    const booked = await context.gpSystem.book(patient, { slotId, reason: "A check-up" });
    if (!booked.ok) throw new Error(`booking ${slotId} failed`);
    return { slotId, bookingId: booked.value.bookingId };
  };
  const courses = await context.gpSystem.courses(patient);
  if (!courses.ok) throw new Error("no courses");
  const order = async (courseId: string) => {
    const ordered = await context.gpSystem.requestPrescription(patient, [courseId]);
    if (!ordered.ok) throw new Error("prescription failed");
    return ordered.value.prescriptionId;
  };
  const first = await book();
  const second = await book();
  return {
    slot: first.slotId,
    booking: first.bookingId,
    cancelSlot: second.slotId,
    prescription: await order(courses.value[0].courseId),
    cancelPrescription: await order(courses.value[1].courseId),
  };
}

export async function buildWorld(context: TestContext) {
  const A: GpPractice = await makeGpPractice(context);
  const B: GpPractice = await makeGpPractice(context);

  // Patients: P and P2 at A, PB at B, each linked to the simulated GP system.
  const P = await makeGpPatient(context, A, { linked: true });
  const P2 = await makeGpPatient(context, A, { linked: true });
  const PB = await makeGpPatient(context, B, { linked: true });
  const guestUser = await createUser(context, { guest: true, firstName: "Gail" });
  const guestRecord = await createPatient(context, A.id, { userId: guestUser.id, firstName: "Gail" });
  const CA = await signedInCarer(context, A.id, { status: "approved" });
  const CP = await signedInCarer(context, A.id, { status: "pending" });
  const CB = await signedInCarer(context, B.id, { status: "approved" });

  // Notifications on at A: its staff have notification settings (decision 0075).
  await context.db.update(practices).set({ notificationSetting: true, patientMyHealthEnabled: true }).where(eq(practices.id, A.id));
  // Video at both practices (issue "video"): the video pages' guards pass on the practice flag.
  await context.db.update(practices).set({ allowVideo: true }).where(inArray(practices.id, [A.id, B.id]));
  const gp = await makeUser(context, { memberships: [{ practiceId: A.id, role: "gp" }] });
  const recept = await makeUser(context, { memberships: [{ practiceId: A.id, role: "receptionist" }] });
  const padmin = await makeUser(context, { memberships: [{ practiceId: A.id, role: "practice_admin" }] });
  const gpB = await makeUser(context, { memberships: [{ practiceId: B.id, role: "gp" }] });
  const admin = await makeUser(context, { globalRoles: ["admin"] });
  // Video consultations: patient P's and P2's with A's GP, PB's with B's.
  const video = {
    A: await makeConsultation(context, { practiceId: A.id, patientId: P.patientId, clinicianId: gp.id }),
    P2: await makeConsultation(context, { practiceId: A.id, patientId: P2.patientId, clinicianId: gp.id }),
    B: await makeConsultation(context, { practiceId: B.id, patientId: PB.patientId, clinicianId: gpB.id }),
  };
  // Group video at both practices: P's call with A's GP, P2's with A's GP, PB's with B's GP.
  await context.db.update(practices).set({ groupChatSetting: true }).where(inArray(practices.id, [A.id, B.id]));
  const groupChat = {
    A: await makeGroupChat(context, { practiceId: A.id, staff: [gp.id], patients: [P.patientId] }),
    P2: await makeGroupChat(context, { practiceId: A.id, staff: [gp.id], patients: [P2.patientId] }),
    B: await makeGroupChat(context, { practiceId: B.id, staff: [gpB.id], patients: [PB.patientId] }),
  };

  // Requests. The pending carer's were written while an earlier link was approved (then
  // removed and asked for again): they must vanish with the approval.
  const ofP = await requestsOf(context, A.id, P.patientId, P.userId);
  const ofP2 = await requestsOf(context, A.id, P2.patientId, P2.userId);
  const ofGuest = await requestsOf(context, A.id, guestRecord.id, guestUser.id);
  const ofCarer = await requestsOf(context, A.id, CA.dependentPatientId, CA.userId);
  const ofPending = await requestsOf(context, A.id, CP.dependentPatientId, CP.userId);
  const ofPB = await requestsOf(context, B.id, PB.patientId, PB.userId);
  // Requests staff write on a patient's behalf (/message/staff/{patientId}): theirs to finish.
  const ofGp = await requestsOf(context, A.id, P.patientId, gp.id, true);
  const ofRecept = await requestsOf(context, A.id, P.patientId, recept.id, true);
  const ofGpB = await requestsOf(context, B.id, PB.patientId, gpB.id, true);

  const ndA = await nonDigitalPatient(context, A.id);
  const ndB = await nonDigitalPatient(context, B.id);

  const gpOfP = await gpObjects(context, P);
  const gpOfP2 = await gpObjects(context, P2);

  const users: Record<Role, number | null> = {
    anon: null,
    patient: P.userId,
    guest: guestUser.id,
    carer: CA.userId,
    pending: CP.userId,
    gp: gp.id,
    recept: recept.id,
    staffB: gpB.id,
    padmin: padmin.id,
    admin: admin.id,
  };

  const [freeSlot] = await freeSlots(context, P);

  /** Practice A's things, as anyone without things of their own would name them. */
  const atA: Things = {
    code: A.urlCode,
    ...ofP,
    patient: P.patientId,
    nonDigital: ndA,
    carerLink: { patientId: CA.dependentPatientId, carerUserId: CA.userId },
    dependent: CA.dependentId,
    carerId: CA.userId,
    staffMember: gp.id,
    video: video.A.id,
    groupChat: groupChat.A.id,
    ...gpOfP,
  };
  /** Another patient's things at A, for patients, guests and carers. */
  const otherPatient: Things = { ...atA, ...ofP2, dependent: CP.dependentId, carerId: CA.userId, ...gpOfP2, video: video.P2.id, groupChat: groupChat.P2.id };
  /** Practice B's things named at A's address, for A's staff and admins. */
  const otherPractice: Things = {
    ...otherPatient,
    ...ofGpB,
    entry: ofPB.entry,
    file: ofPB.file,
    patient: PB.patientId,
    nonDigital: ndB,
    carerLink: { patientId: CB.dependentPatientId, carerUserId: CB.userId },
    dependent: CB.dependentId,
    carerId: CB.userId,
    staffMember: gpB.id,
    video: video.B.id,
    groupChat: groupChat.B.id,
  };

  const own: Record<Role, Things> = {
    anon: atA,
    patient: { ...atA, carerId: P.userId },
    guest: { ...atA, ...ofGuest, carerId: guestUser.id },
    carer: { ...atA, ...ofCarer },
    pending: { ...atA, ...ofPending, dependent: CP.dependentId, carerId: CP.userId },
    gp: { ...atA, ...ofGp, carerId: gp.id },
    recept: { ...atA, ...ofRecept, carerId: recept.id, staffMember: recept.id },
    staffB: { ...atA, ...ofGp, carerId: gpB.id },
    padmin: { ...atA, carerId: padmin.id },
    admin: { ...atA, carerId: admin.id },
  };
  const foreign: Record<Role, Things> = {
    anon: otherPatient,
    patient: otherPatient,
    guest: otherPatient,
    carer: { ...otherPatient, carerId: CP.userId },
    pending: { ...otherPatient, dependent: CA.dependentId },
    gp: otherPractice,
    recept: otherPractice,
    // Practice A's things at practice B's address (where this GP works).
    staffB: { ...atA, ...ofGp, code: B.urlCode },
    padmin: otherPractice,
    admin: otherPractice,
  };

  const personas = {} as Record<Role, Persona>;
  for (const role of Object.keys(users) as Role[]) {
    const userId = users[role];
    const cookie = userId === null ? undefined : await sessionCookie(context, userId);
    const viewer = cookie ? await getViewer(getRequest("/", { cookie }), context) : null;
    personas[role] = { role, userId, cookie, landing: viewer ? landingPath(toGuardViewer(viewer, context.clock.now())) : null };
  }

  return {
    A,
    B,
    video,
    people: { P, P2, PB, guestUser, guestRecord, CA, CP, CB, gp, recept, padmin, gpB, admin },
    requests: { ofP, ofP2, ofGuest, ofCarer, ofPending, ofPB, ofGp, ofRecept, ofGpB },
    gpOfP,
    gpOfP2,
    freeSlot,
    personas,
    own,
    foreign,
    /** A new session for the role (for pages that end the one they are given). */
    freshCookie: (role: Role) => (users[role] === null ? Promise.resolve(undefined) : sessionCookie(context, users[role]!)),
    /** Links patient P to the GP system again (after the unlink page's action). */
    async relinkP() {
      await context.db
        .insert(gpLinks)
        .values({ patientId: P.patientId, accountId: P.accountId, status: "linked", linkedAt: context.clock.now() })
        .onConflictDoUpdate({ target: gpLinks.patientId, set: { status: "linked", resetAt: null } });
    },
  };
}
