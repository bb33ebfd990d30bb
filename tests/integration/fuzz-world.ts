/**
 * The rows the route fuzz (fuzz-suite.ts) points its requests at: one GP-system
 * practice with a linked patient, a second patient to link and unlink, a guest, a carer
 * (approved) and a carer waiting for approval, a GP, a practice admin and a system admin,
 * submitted requests, a booked appointment and a prescription request, and live tokens for
 * every link route (magic link, password reset, e-mail validation, guest link, invitations).
 *
 * Real rows, so generated values get past the guards and reach validation and the database.
 * Rows a request uses up (a draft sent or cancelled, a request deleted) are made fresh per
 * case by `freshVar`.
 */
import { requestOrigin } from "~/web/origin";
import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import { entryActions, entryFiles, gpLinks, issueTypes, notices, patientEntries, practiceAgents, practiceInvitations, practiceMemberships, practices, questions, signpostingRules, snomedCodes, users } from "~/db/schema";
import { hashAgentKey, newAgentKey } from "~/domain/agent/agent-key.server";
import { issueToken } from "~/domain/auth/tokens.server";
import { invitePractice } from "~/domain/practices/onboarding.server";
import { sendEmailValidation } from "~/domain/accounts/email-validation.server";
import { continueAsGuest } from "~/domain/accounts/guest-entry.server";
import { invitePracticeAdmin, inviteStaff } from "~/domain/accounts/invitations.server";
import { requestPasswordReset } from "~/domain/accounts/password-reset.server";
import { issueMagicLink } from "~/domain/auth/magic-links.server";
import { hashPassword } from "~/domain/auth/password.server";
import { signValue } from "~/domain/auth/signed-value.server";
import { storeEntryFiles } from "~/domain/files/entry-files.server";
import { FILE_LINK_PURPOSE } from "~/web/inbox/inbox-pages.server";
import { sessionCookieName } from "~/web/auth/viewer.server";
import { addAction } from "~/domain/inbox/notes.server";
import { findPracticeByCode, type Practice } from "~/domain/practices/practices.server";
import { createSession, PATIENT_IDLE_SECONDS } from "~/domain/sessions/sessions.server";
import { guardAction } from "~/server/route-layer.server";
import * as securityRoute from "~/routes/public-and-sign-in/security.$token";
import type { TestContext } from "../support/context";
import { enableSms, pendingCookie } from "../support/mfa-helpers";
import { makeGpPatient, makeGpPractice, type GpTestPatient } from "../support/online-services-fixtures";
import { makeEntry, signedInCarer, signedInPatient } from "../support/request-fixtures";
import { createPatient, createUser, KNOWN_PASSWORD, linkSentTo, tokenOf, uniqueWord } from "../support/registration-fixtures";
import { submittedRequest } from "../support/inbox-fixtures";
import { makeUser } from "../support/session-fixtures";
import { callAction, cookieHeaderAfter, postRequest, TEST_ORIGIN } from "../support/requests";

/** Who a case posts as. The first seven are everyone's; the rest serve one route each. */
export const STANDARD_ROLES = ["anonymous", "patient", "guest", "carer", "gp", "practiceAdmin", "systemAdmin"] as const;
export type StandardRole = (typeof STANDARD_ROLES)[number];
/** patient2: the unlinked GP patient of the link/unlink pages; mfaPending: between password and code; grant: a magic-link holder who confirmed the date of birth. */
export type Role = StandardRole | "patient2" | "mfaPending" | "grant";

export const NEW_PASSWORD = "Fuzzed-password-2027";

export type Person = { firstName: string; lastName: string; day: string; month: string; year: string; postcode: string };

export type Question = {
  id: number;
  issueTypeId: number;
  page: number;
  kind: string;
  options: { value: string }[] | null;
  minValue: number | null;
  maxValue: number | null;
  emergencyValues: string[] | null;
};

export type World = Awaited<ReturnType<typeof buildWorld>>;

const isoParts = (iso: string) => {
  const [year, month, day] = iso.split("-");
  return { year, month: String(Number(month)), day: String(Number(day)) };
};

export async function buildWorld(context: TestContext) {
  const { db } = context;
  const practiceRow = await makeGpPractice(context);
  // Video on (issue "video"), so the video pages are fuzzed past their guard.
  await db.update(practices).set({ allowVideo: true }).where(eq(practices.id, practiceRow.id));
  const practice = (await findPracticeByCode(db, practiceRow.urlCode)) as Practice;
  const request = new Request(`http://localhost/${practice.urlCode}`);
  const passwordHash = await hashPassword(KNOWN_PASSWORD);

  // The signed-in people. The patient has a password, so the password pages can succeed.
  const patient: GpTestPatient = await makeGpPatient(context, practiceRow, { linked: true });
  await db.update(users).set({ passwordHash }).where(eq(users.id, patient.userId));
  const [patientUser] = await db.select({ email: users.email }).from(users).where(eq(users.id, patient.userId));
  const patient2 = await makeGpPatient(context, practiceRow, { linked: false });
  const guest = await signedInPatient(context, practice.id, { guest: true });
  const carer = await signedInCarer(context, practice.id);
  const pendingCarer = await signedInCarer(context, practice.id, { status: "pending" });
  const gp = await makeUser(context, { memberships: [{ practiceId: practice.id, role: "gp" }] });
  const practiceAdmin = await makeUser(context, { memberships: [{ practiceId: practice.id, role: "practice_admin" }] });
  const systemAdmin = await makeUser(context, { globalRoles: ["admin"] });
  // The TPP desktop agent (agent/setup): a TPP practice the practice admin also runs, its agent set up.
  const tppPractice = await makeGpPractice(context, { flavour: "tpp" });
  await db.insert(practiceMemberships).values({ userId: practiceAdmin.id, practiceId: tppPractice.id, role: "practice_admin" });
  await db.insert(practiceAgents).values({ practiceId: tppPractice.id, gatewayHost: "FUZZ-GW01", agentKeyHash: hashAgentKey(newAgentKey()), configuredAt: context.clock.now() });

  // Patients without accounts: registration, guest entry and "add someone you care for" match them.
  const person = async (dateOfBirth: string, options: { userId?: number | null } = {}): Promise<Person & { id: number }> => {
    const row = await createPatient(context, practice.id, { firstName: "Hana", dateOfBirth, postcode: "LS1 3EX", userId: options.userId ?? null });
    return { id: row.id, firstName: row.firstName, lastName: row.lastName, postcode: "LS1 3EX", ...isoParts(dateOfBirth) };
  };
  const registrant = await person("1985-07-21");
  const guestPerson = await person("1990-03-04");
  const dependentPerson = await person("2014-05-06");
  const nonDigital = await person("1950-12-31");
  const editable = await person("1966-06-16");
  const magicPerson = await person("1979-04-12");
  const grantPerson = await person("1981-08-09");

  // Requests at the practice: one stays open for the inbox pages, with an open action.
  const submitted = await submittedRequest(context, practice.id);
  await addAction(context, { userId: gp.id, practiceId: practice.id }, { entryId: submitted.entry.id, text: "Call back", assignedToId: null });
  const ownRequest = await makeEntry(context, { practiceId: practice.id, patientId: patient.patientId, userId: patient.userId, issueTypeId: 4, stage: "submitted", answers: { 31: "fit_note", 32: "Off work" } });

  // Attachments with names a download header must carry (RFC 6266 filename*).
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34]);
  const attach = async (entryId: number, userId: number) => {
    await storeEntryFiles(context, {
      entryId,
      uploads: [
        { field: "files", fileName: "تقرير طبي.pdf", contentType: "application/pdf", bytes: pdf },
        { field: "files", fileName: '😀 "photo"; name=x.png', contentType: "image/png", bytes: png },
        { field: "files", fileName: `${"ü%20".repeat(60)}.png`, contentType: "image/png", bytes: png },
      ],
      sensitive: false,
      userId,
    });
    return (await db.select({ id: entryFiles.id }).from(entryFiles).where(eq(entryFiles.patientEntryId, entryId))).map((r) => r.id);
  };
  const chatFiles = await attach(ownRequest.id, patient.userId);
  const staffFiles = await attach(submitted.entry.id, submitted.patient.userId);

  // Online services: a free slot, a booked one, a prescription request.
  const now = context.clock.now();
  const slots = await context.gpSystem.slots(patient, { start: now, end: new Date(now.getTime() + 28 * 86_400_000) });
  if (!slots.ok) throw new Error("fuzz world: no slots");
  const slotIds = slots.value.flatMap((s) => s.slots.map((slot) => slot.slotId));
  const booked = await context.gpSystem.book(patient, { slotId: slotIds[0], reason: "Check-up" });
  if (!booked.ok) throw new Error("fuzz world: booking failed");
  const courses = await context.gpSystem.courses(patient);
  if (!courses.ok) throw new Error("fuzz world: no courses");
  const courseIds = courses.value.map((c) => c.courseId);
  const ordered = await context.gpSystem.requestPrescription(patient, courseIds.slice(0, 2));
  if (!ordered.ok) throw new Error("fuzz world: prescription failed");

  // Links. Each route gets its own, so one route using its link up leaves the others alive.
  const magicToken = await issueMagicLink(context, { patientId: magicPerson.id, practiceId: practice.id });
  const grantToken = await issueMagicLink(context, { patientId: grantPerson.id, practiceId: practice.id });
  const confirmed = await callAction(guardAction("routes/security.$token", securityRoute.action), {
    request: postRequest(`/security/${grantToken}`, { "dateOfBirth.day": grantPerson.day, "dateOfBirth.month": grantPerson.month, "dateOfBirth.year": grantPerson.year }, { csrf: context }),
    params: { token: grantToken },
    context,
  });
  if (confirmed.status !== 303) throw new Error(`fuzz world: magic link not confirmed (${confirmed.status})`);
  const grantCookie = cookieHeaderAfter(confirmed);

  const resetUser = await createUser(context);
  await requestPasswordReset(context, requestOrigin(request), resetUser.email);
  const resetToken = tokenOf(await linkSentTo(context, resetUser.email, "password-reset"));

  const unverified = await createUser(context, { verified: false });
  await sendEmailValidation(context, requestOrigin(request), unverified.id, { practiceId: practice.id });
  const validationToken = tokenOf(await linkSentTo(context, unverified.email, "email-validation"));

  const guestEmail = `guest.${uniqueWord()}@example.com`;
  await continueAsGuest(context, requestOrigin(request), practice, {
    firstName: guestPerson.firstName,
    lastName: guestPerson.lastName,
    dateOfBirth: "1990-03-04",
    postcode: guestPerson.postcode,
    mobile: "07700900123",
    email: guestEmail,
  } as Parameters<typeof continueAsGuest>[3]);
  const guestToken = tokenOf(await linkSentTo(context, guestEmail, "guest-validation"));

  const staffEmail = `new.gp.${uniqueWord()}@nhs.net`;
  await inviteStaff(context, { origin: TEST_ORIGIN, practiceId: practice.id, email: staffEmail, role: "gp", invitedByUserId: null });
  const staffToken = tokenOf(await linkSentTo(context, staffEmail, "staff-invitation"));
  const adminEmail = `new.admin.${uniqueWord()}@nhs.net`;
  await invitePracticeAdmin(context, { origin: TEST_ORIGIN, practiceId: practice.id, email: adminEmail, invitedByUserId: null });
  const adminToken = tokenOf(await linkSentTo(context, adminEmail, "practice-admin-invitation"));
  // The signed-in GP's own address invited as practice admin: the "accept" branch.
  const [gpUser] = await db.select({ email: users.email }).from(users).where(eq(users.id, gp.id));
  await invitePracticeAdmin(context, { origin: TEST_ORIGIN, practiceId: practice.id, email: gpUser.email, invitedByUserId: null });
  const acceptToken = tokenOf(await linkSentTo(context, gpUser.email, "practice-admin-invitation"));

  // Between the password and the code: a user with SMS codes on.
  const mfaUser = await createUser(context);
  await enableSms(context, mfaUser.id);
  const mfaCookie = pendingCookie(context, { userId: mfaUser.id, redirect: null });

  // What the question pages ask, and the signposting rules a draft can trigger.
  const issueTypeIds = (await db.select({ id: issueTypes.id }).from(issueTypes).where(eq(issueTypes.active, true)).orderBy(asc(issueTypes.id))).map((r) => r.id);
  const questionRows: Question[] = await db
    .select({
      id: questions.id,
      issueTypeId: questions.issueTypeId,
      page: questions.page,
      kind: questions.kind,
      options: questions.options,
      minValue: questions.minValue,
      maxValue: questions.maxValue,
      emergencyValues: questions.emergencyValues,
    })
    .from(questions)
    .where(and(eq(questions.active, true), eq(questions.lang, "en")))
    .orderBy(asc(questions.id));
  const rules = await db
    .select({ questionId: signpostingRules.questionId, matchValue: signpostingRules.matchValue, issueTypeId: questions.issueTypeId, kind: questions.kind })
    .from(signpostingRules)
    .innerJoin(questions, eq(questions.id, signpostingRules.questionId));
  const emergencies = questionRows.filter((q) => q.emergencyValues?.length);
  const snomed = (await db.select({ code: snomedCodes.code }).from(snomedCodes).limit(3)).map((r) => r.code);

  // System administration (decision 0076): an inactive notice, a practice invitation (by the
  // system admin) and its link, and the link of a practice a system admin added.
  const [fuzzNotice] = await db.insert(notices).values({ title: "Fuzz notice", body: "Text", active: false }).returning();
  const invitedEmail = `invited.practice.${uniqueWord()}@nhs.net`;
  await invitePractice(context, new URL(request.url).origin, systemAdmin.id, { email: invitedEmail, practiceName: "Fuzz Invited Surgery", odsCode: null, ccgId: null });
  const practiceInvitationToken = tokenOf(await linkSentTo(context, invitedEmail, "practice-invitation"));
  const [invited] = await db.select().from(practiceInvitations).where(eq(practiceInvitations.email, invitedEmail));
  const onboardingEmail = `onboarding.${uniqueWord()}@nhs.net`;
  const practiceOnboardingToken = await issueToken(db, context.clock, { purpose: "practice_onboarding", practiceId: practice.id, email: onboardingEmail });
  const admin = { noticeId: fuzzNotice.id, invitationId: invited.id, practiceInvitationToken, practiceOnboardingToken };

  return {
    admin,
    practice,
    patient: { ...patient, email: patientUser.email },
    patient2,
    guest,
    carer,
    pendingCarer,
    gp,
    practiceAdmin,
    systemAdmin,
    tppPractice,
    mfaCookie,
    grantCookie,
    people: { registrant, guestPerson, dependentPerson, nonDigital, editable, magicPerson },
    submitted: submitted.entry,
    ownRequest,
    chatFiles,
    staffFiles,
    slotIds,
    bookedSlotId: slotIds[0],
    bookingId: booked.value.bookingId,
    courseIds,
    prescriptionId: ordered.value.prescriptionId,
    tokens: {
      magic: magicToken,
      grant: grantToken,
      reset: resetToken,
      validation: validationToken,
      guest: guestToken,
      staff: staffToken,
      admin: adminToken,
      accept: acceptToken,
    },
    issueTypeIds,
    questions: questionRows,
    rules,
    emergencies,
    snomed,
  };
}

/**
 * Fresh sessions for the standard roles, so a route that signs out or changes a password
 * leaves the next route signed in; and the patient linked to the GP system again (the unlink
 * page may have been posted as them).
 */
export async function roleCookies(context: TestContext, world: World): Promise<Record<Role, string | undefined>> {
  await context.db.delete(gpLinks).where(eq(gpLinks.patientId, world.patient.patientId));
  await context.db.insert(gpLinks).values({ patientId: world.patient.patientId, accountId: world.patient.accountId, status: "linked", linkedAt: context.clock.now() });
  const session = async (userId: number) => {
    const { id } = await createSession(context.db, context.clock, { userId, practiceId: null, idleSeconds: PATIENT_IDLE_SECONDS });
    return `${sessionCookieName(context)}=${encodeURIComponent(id)}`;
  };
  return {
    anonymous: undefined,
    patient: await session(world.patient.userId),
    guest: await session(world.guest.userId),
    carer: await session(world.carer.userId),
    gp: await session(world.gp.id),
    practiceAdmin: await session(world.practiceAdmin.id),
    systemAdmin: await session(world.systemAdmin.id),
    patient2: await session(world.patient2.userId),
    mfaPending: world.mfaCookie,
    grant: world.grantCookie,
  };
}

/** The patient a draft of this role is about, and who makes it. */
function drafter(world: World, role: Role) {
  if (role === "guest") return { patientId: world.guest.patientId, userId: world.guest.userId };
  if (role === "carer") return { patientId: world.carer.dependentPatientId, userId: world.carer.userId };
  return { patientId: world.patient.patientId, userId: world.patient.userId };
}

export const VARIABLES = [
  "completeDraft",
  "signpostDraft",
  "emergencyDraft",
  "freshRequest",
  "draft",
  "version",
  "actionId",
  "fileId",
  "chatFile",
  "staffFile",
  "staffSig",
] as const;

/**
 * A value resolved when the case runs: `@@draft` and friends make a fresh row (a draft the
 * case may send or cancel), `@@version` and `@@actionId` read the current state.
 */
export async function freshVar(context: TestContext, world: World, role: Role, name: string, pick: number, memo: Map<string, string>): Promise<string> {
  const known = memo.get(name);
  if (known !== undefined) return known;
  const value = await makeVar(context, world, role, name, pick, memo);
  memo.set(name, value);
  return value;
}

async function makeVar(context: TestContext, world: World, role: Role, name: string, pick: number, memo: Map<string, string>): Promise<string> {
  const { practice } = world;
  const who = drafter(world, role);
  const draft = async (issueTypeId: number, answers?: Record<number, string | string[]>) =>
    String((await makeEntry(context, { practiceId: practice.id, ...who, issueTypeId, answers })).id);
  switch (name) {
    case "draft": {
      // Any issue type, sometimes with the first pages answered as the fuzz's fields might.
      const issueTypeId = world.issueTypeIds[pick % world.issueTypeIds.length];
      return draft(issueTypeId, pick % 3 === 0 && issueTypeId === 4 ? { 31: "fit_note" } : undefined);
    }
    case "completeDraft":
      // Every page answered: check-your-answers and Send go through.
      return pick % 2 === 0
        ? draft(4, { 31: "fit_note", 32: "Off work since Monday" })
        : draft(1, { 1: ["none"], 2: "A rash on my arm", 3: "2026-11-01", 4: "no", 5: "3", 6: "none" });
    case "signpostDraft": {
      const rule = world.rules[pick % Math.max(1, world.rules.length)];
      if (!rule) return draft(1);
      return draft(rule.issueTypeId, { [rule.questionId]: rule.kind === "multiple_choice" ? [rule.matchValue] : rule.matchValue });
    }
    case "emergencyDraft": {
      const q = world.emergencies[pick % Math.max(1, world.emergencies.length)];
      if (!q) return draft(1);
      const value = q.emergencyValues![0];
      return draft(q.issueTypeId, { [q.id]: q.kind === "multiple_choice" ? [value] : value });
    }
    case "freshRequest":
      return String((await submittedRequest(context, practice.id)).entry.id);
    case "version": {
      const id = Number(memo.get("requestId") ?? world.submitted.id);
      const [row] = Number.isSafeInteger(id) && id > 0 && id < 2 ** 31
        ? await context.db.select({ version: patientEntries.version }).from(patientEntries).where(eq(patientEntries.id, id))
        : [];
      return String(row?.version ?? 0);
    }
    case "actionId": {
      const [open] = await context.db
        .select({ id: entryActions.id })
        .from(entryActions)
        .where(and(eq(entryActions.patientEntryId, world.submitted.id), isNull(entryActions.completedAt)))
        .limit(1);
      if (open) return String(open.id);
      await addAction(context, { userId: world.gp.id, practiceId: practice.id }, { entryId: world.submitted.id, text: "Again", assignedToId: null });
      return makeVar(context, world, role, name, pick, memo);
    }
    case "fileId":
      return randomUUID();
    case "chatFile":
      return world.chatFiles[pick % world.chatFiles.length];
    case "staffFile":
      return world.staffFiles[pick % world.staffFiles.length];
    case "staffSig": {
      // A download link as the request page signs it, for the file the case asks for.
      const f = memo.get("staffFile") ?? world.staffFiles[0];
      return signValue(context.config.sessionSecret, FILE_LINK_PURPOSE, { f, u: world.gp.id }, new Date(context.clock.now().getTime() + 60_000));
    }
    default:
      throw new Error(`fuzz: unknown variable @@${name}`);
  }
}
