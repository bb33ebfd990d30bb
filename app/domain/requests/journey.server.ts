/**
 * What the request-journey routes share (issue 4): who may start a request at a practice and
 * for whom, whether the practice is taking requests, loading a draft the viewer may see, and
 * the draft's ends (submitted, cancelled, timed out, emergency, signposted). Routes stay thin:
 * guard, call one of these, redirect or reply.
 */
import { recordSignpostShown } from "~/domain/reports/signpost-events.server";
import { applyInboxChange } from "~/domain/inbox/counters.server";
import { isDatabaseUnavailable } from "~/db/errors.server";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { entryEvents, patientEntries, patients, users } from "~/db/schema";
import { absoluteUrl } from "~/domain/accounts/email-validation.server";
import { londonToday } from "~/domain/time/london";
import { maximumPatientAge } from "~/domain/accounts/patient-match.server";
import { audit } from "~/domain/audit/audit.server";
import type { Viewer } from "~/domain/auth/viewer.server";
import { GoTo, NotFound } from "~/domain/outcomes";
import { parseId } from "~/validation/ids";
import { getOpeningHours, type Practice } from "~/domain/practices/practices.server";
import { ageOn } from "~/validation/dates";
import { actingPatients, type ActingPatient } from "./access.server";
import { closedMessage } from "./demand";
import { countSubmission, requestDemand } from "./demand.server";
import { entryColumns, findEntryForUser, findEntryWithAnswersForUser, findStaffDraft, loadAnswers, type EntryWithAnswers, type PatientEntry, type SavedAnswer } from "./entries.server";
import type { AnswerValue } from "./answer-rules";
import { journey, type Journey } from "./journey";
import type { JourneyPlace } from "~/domain/journeys/step-journey";
import { questionSet, type QuestionSet } from "./questions.server";
import { requestSearchDocument } from "./request-text.server";
import { requestReference } from "./reference";
import { requestTimedOut } from "./request-timer";
import { responsePromise } from "./response-promise";
import { sendAfterCommit } from "~/domain/notify/after-commit.server";

export type RequestChoices = { myself: ActingPatient | null; dependents: ActingPatient[] };

/** Who the viewer may make a request for at this practice: themself, and (carers) their dependents. */
export async function requestChoices(context: AppContext, viewer: Viewer, practiceId: number): Promise<RequestChoices> {
  const acting = (await actingPatients(context.db, viewer.userId)).filter((p) => p.practiceId === practiceId);
  return {
    myself: acting.find((p) => p.relation === "myself") ?? null,
    // Guests act only for themselves (spec 2 §2.2).
    dependents: viewer.isGuest ? [] : acting.filter((p) => p.relation === "dependent"),
  };
}

export const canRequest = (choices: RequestChoices) => choices.myself !== null || choices.dependents.length > 0;

/** Whether the practice takes new requests now; when not, the sentence that says why and when. */
export async function requestsOpen(
  context: AppContext,
  practice: Practice,
): Promise<{ open: true } | { open: false; message: string; alternative: string | null; practiceMessage: string | null }> {
  const decision = await requestDemand(context.db, practice, context.clock.now());
  if (decision.open) return { open: true };
  return {
    open: false,
    message: closedMessage(practice.name, decision),
    // Where to go instead (an exceptional closure), and the practice's own words (demand_message).
    alternative: decision.closure?.alternative ?? null,
    practiceMessage: practice.demandMessage?.trim() || null,
  };
}

/** The maximum patient age (global_settings, default 111): older patients cannot be the subject. */
export async function ageLimit(context: AppContext, dateOfBirth: string): Promise<{ ok: true } | { ok: false; maximum: number }> {
  const maximum = await maximumPatientAge(context.db);
  const age = ageOn(new Date(`${dateOfBirth}T00:00:00Z`), londonToday(context.clock.now()));
  return age > maximum ? { ok: false, maximum } : { ok: true };
}

// ---- a draft the viewer may see ---------------------------------------------------------

/** Ids come from the URL: anything but a database id (app/validation/ids.ts) is not found. */
export function parseEntryId(raw: string | null | undefined): number {
  const id = parseId(raw);
  if (id === null) throw new NotFound("request");
  return id;
}

/** The entry at this practice about the viewer or someone they care for, or page-not-found. */
/** Staff of the practice reach only the requests they are writing on a patient's behalf. */
const isStaffAt = (viewer: Viewer, practice: Practice) => viewer.memberships.some((m) => m.practiceId === practice.id && (m.role === "gp" || m.role === "receptionist"));

export async function requireEntry(
  context: AppContext,
  viewer: Viewer,
  practice: Practice,
  rawId: string | null | undefined,
  /** This entry as the viewer's own query read it for this viewer and practice, if it did (patients only). */
  readWithViewer?: Promise<EntryWithAnswers | null>,
): Promise<PatientEntry> {
  const id = parseEntryId(rawId);
  const entry = isStaffAt(viewer, practice)
    ? await findStaffDraft(context.db, viewer.userId, practice.id, id)
    : readWithViewer
      ? ((await readWithViewer)?.entry ?? null)
      : await findEntryForUser(context.db, viewer.userId, practice.id, id);
  if (!entry) throw new NotFound("request");
  return entry;
}

export const cancelledPath = (code: string, reason?: "timeout" | "signposted") =>
  `/${code}/message/cancelled${reason ? `?reason=${reason}` : ""}`;
export const submittedPath = (code: string, entryId: number) => `/${code}/submitted?entry=${entryId}`;
export const questionsPath = (code: string, entryId: number, page?: number, change?: boolean) => {
  const query = new URLSearchParams();
  if (page !== undefined) query.set("page", String(page));
  if (change) query.set("change", "1");
  const q = query.toString();
  return `/${code}/questions/${entryId}${q ? `?${q}` : ""}`;
};
export const confirmationPath = (code: string, entryId: number) => `/${code}/confirmation/${entryId}`;
export const emergencyPath = (code: string, entryId: number) => `/${code}/emergency/${entryId}`;
export const signpostedPath = (code: string, entryId: number) => `/${code}/signposted?entry=${entryId}`;
export const cancelPath = (code: string, entryId: number) => `/${code}/questions/${entryId}/cancel`;

/** Ends a draft that is still a draft; false when it was not (submitted, or already closed). */
export async function closeDraft(context: AppContext, entryId: number, reason: "cancelled" | "timeout" | "emergency" | "signposted"): Promise<boolean> {
  const now = context.clock.now();
  const closed = await context.db
    .update(patientEntries)
    .set({
      stage: "cancelled",
      closedAt: now,
      closedReason: reason,
      updatedAt: now,
      ...(reason === "emergency" ? { emergencyConfirmedAt: now } : {}),
    })
    .where(and(eq(patientEntries.id, entryId), eq(patientEntries.stage, "created")))
    .returning({ id: patientEntries.id });
  return closed.length > 0;
}

/** Where a request that is no longer a draft is shown. */
export function closedEntryPath(code: string, entry: PatientEntry): string {
  if (entry.stage !== "cancelled") return submittedPath(code, entry.id);
  if (entry.closedReason === "timeout") return cancelledPath(code, "timeout");
  if (entry.closedReason === "emergency") return emergencyPath(code, entry.id);
  if (entry.closedReason === "signposted") return cancelledPath(code, "signposted");
  return cancelledPath(code);
}

/**
 * The 30-minute limit and the draft's stage, checked by every step's loader and action: a
 * draft past its time is cancelled here (closed_reason timeout) and the patient is told why;
 * a request that is no longer a draft goes to the page that shows it.
 */
export async function requireOpenDraft(context: AppContext, practice: Practice, entry: PatientEntry): Promise<void> {
  if (entry.stage === "created" && requestTimedOut(entry.startedAt, context.clock.now())) {
    await closeDraft(context, entry.id, "timeout");
    throw new GoTo(cancelledPath(practice.urlCode, "timeout"), 303);
  }
  if (entry.stage !== "created") throw new GoTo(closedEntryPath(practice.urlCode, entry), 303);
}

export type DraftState = {
  set: QuestionSet;
  answers: Map<number, AnswerValue>;
  journey: Journey;
};

/** Where the patient is, from the question set, the answers and the signposting choice. */
function walk(set: QuestionSet, answers: Map<number, AnswerValue>, entry: Pick<PatientEntry, "signpostRuleId" | "signpostContinuedAt">): Journey {
  return journey(set.pages, answers, set.rules, { ruleId: entry.signpostRuleId, continued: entry.signpostContinuedAt !== null });
}

/** The question set, the answers so far and where the patient is. */
export async function draftState(context: AppContext, entry: PatientEntry): Promise<DraftState> {
  const [set, saved] = await Promise.all([questionSet(context.db, entry.issueTypeId), loadAnswers(context.db, entry.id)]);
  return stateOf(set, saved, entry);
}

function stateOf(set: QuestionSet | null, saved: readonly SavedAnswer[], entry: PatientEntry): DraftState {
  if (!set) throw new NotFound("question set");
  const answers = new Map(saved.map((a) => [a.questionId, a.answer]));
  return { set, answers, journey: walk(set, answers, entry) };
}

/**
 * A draft request as every step of the journey sees it (questions, check your answers,
 * signposting, cancel), read once per page: the entry (the viewer's, at this practice, else
 * page-not-found), still open (else where it went: timed out, sent, closed), its question set,
 * answers, the journey through them, and its addresses.
 */
export type Draft = DraftState & { entry: PatientEntry; paths: DraftPaths };

export async function openDraft(
  context: AppContext,
  viewer: Viewer,
  practice: Practice,
  rawId: string | null | undefined,
  /** This entry as the viewer's own query read it for this viewer and practice, if it did. */
  readWithViewer?: Promise<EntryWithAnswers | null>,
): Promise<Draft> {
  if (isStaffAt(viewer, practice)) {
    const entry = await requireEntry(context, viewer, practice, rawId);
    await requireOpenDraft(context, practice, entry);
    return { entry, paths: draftPaths(practice.urlCode, entry.id), ...(await draftState(context, entry)) };
  }
  // The patient side, on every step of every draft: the entry and its answers in one round trip,
  // or none when the viewer's query brought them (app/web/auth/viewer.server.ts).
  const id = parseEntryId(rawId);
  const found = await (readWithViewer ?? findEntryWithAnswersForUser(context.db, viewer.userId, practice.id, id));
  if (!found) throw new NotFound("request");
  const { entry } = found;
  await requireOpenDraft(context, practice, entry);
  return { entry, paths: draftPaths(practice.urlCode, entry.id), ...stateOf(await questionSet(context.db, entry.issueTypeId), found.answers, entry) };
}

/** The same draft after a page's answers were saved: walked again in memory, not read again. */
export function withSavedAnswers(draft: Draft, saved: readonly { questionId: number; answer: AnswerValue | null }[]): Draft {
  const answers = new Map(draft.answers);
  for (const { questionId, answer } of saved) {
    if (answer === null) answers.delete(questionId);
    else answers.set(questionId, answer);
  }
  return { ...draft, answers, journey: walk(draft.set, answers, draft.entry) };
}

/** A draft's addresses: each step, and where a journey place is. */
export type DraftPaths = {
  page: (page: number, change?: boolean) => string;
  check: string;
  emergency: string;
  signposted: string;
  cancel: string;
  place: (place: JourneyPlace<number>) => string;
};

export function draftPaths(code: string, entryId: number): DraftPaths {
  const check = confirmationPath(code, entryId);
  return {
    page: (page, change) => questionsPath(code, entryId, page, change),
    check,
    emergency: emergencyPath(code, entryId),
    signposted: signpostedPath(code, entryId),
    cancel: cancelPath(code, entryId),
    place: (place) => ("check" in place ? check : questionsPath(code, entryId, place.step)),
  };
}

/** An answer matched a signposting rule: the patient is shown the other service first. */
export async function markSignposted(context: AppContext, entryId: number, ruleId: number): Promise<void> {
  const now = context.clock.now();
  await context.db
    .update(patientEntries)
    .set({ signpostRuleId: ruleId, signpostedAt: now, signpostContinuedAt: null, updatedAt: now })
    .where(and(eq(patientEntries.id, entryId), eq(patientEntries.stage, "created")));
  // Counted for the report's Pharmacy First section (issue "reports").
  await recordSignpostShown(context.db, entryId, ruleId, now);
}

/** The patient chose to go on with the request after the signposting advice. */
export async function continuePastSignpost(context: AppContext, entry: PatientEntry, ruleId: number): Promise<void> {
  const now = context.clock.now();
  await context.db
    .update(patientEntries)
    .set({ signpostRuleId: ruleId, signpostedAt: entry.signpostedAt ?? now, signpostContinuedAt: now, updatedAt: now })
    .where(and(eq(patientEntries.id, entry.id), eq(patientEntries.stage, "created")));
}

// ---- submit -------------------------------------------------------------------------------

/**
 * Sends the draft to the practice. One conditional update (created → submitted) decides:
 * a double click, a resubmit after Back or a second tab finds it already submitted and
 * changes nothing, so there is one request, one count and one notification.
 */
export async function submitDraft(context: AppContext, origin: string, practice: Practice, entry: PatientEntry): Promise<boolean> {
  const now = context.clock.now();
  const submitted = await context.db.transaction(async (tx) => {
    const updated = await tx
      .update(patientEntries)
      // The answers are final now: the inbox search reads their text from here on.
      .set({ stage: "submitted", submittedAt: now, updatedAt: now, searchDocument: requestSearchDocument() })
      .where(and(eq(patientEntries.id, entry.id), eq(patientEntries.stage, "created")))
      .returning(entryColumns);
    if (updated.length === 0) return false;
    await countSubmission(tx, practice.id, now);
    // Into the practice's inboxes (unassigned, all, its issue type), in the same transaction.
    await applyInboxChange(tx, practice.id, null, updated[0]);
    await tx.insert(entryEvents).values({ patientEntryId: entry.id, actorUserId: entry.createdByUserId, kind: "submitted", createdAt: now });
    await audit(tx, { actorUserId: entry.createdByUserId, practiceId: practice.id, action: "request.submitted", subjectType: "patient_entry", subjectId: entry.id, at: now });
    return true;
  });
  // Sent is sent: a notification that cannot be written now (the database went away after the
  // commit) must not turn the answer into "not saved".
  if (submitted) await notifySubmitted(context, origin, practice, entry, now).catch((error: unknown) => {
    if (!isDatabaseUnavailable(error)) throw error;
  });
  return submitted;
}

async function notifySubmitted(context: AppContext, origin: string, practice: Practice, entry: PatientEntry, now: Date) {
  const [[writer], [patient]] = await Promise.all([
    context.db.select({ email: users.email, mobile: users.mobile }).from(users).where(eq(users.id, entry.createdByUserId)),
    context.db
      .select({ mobile: patients.mobile, userId: patients.userId, email: patients.email, accountEmail: users.email })
      .from(patients)
      .leftJoin(users, eq(users.id, patients.userId))
      .where(eq(patients.id, entry.patientId)),
  ]);
  // Who is told: whoever wrote it; for a request staff wrote on the patient's behalf, the
  // patient at their own address and mobile.
  const staffWrote = entry.requester === "staff";
  const email = staffWrote ? (patient?.accountEmail ?? patient?.email ?? null) : (writer?.email ?? null);
  // The patient's own mobile only when the request is theirs: a dependent's phone is not the carer's.
  const mobile = staffWrote ? (patient?.mobile ?? null) : (writer?.mobile ?? (patient?.userId === entry.createdByUserId ? patient.mobile : null));
  if (!email && !mobile) return;
  const values = {
    product: context.config.productName,
    practiceName: practice.name,
    reference: requestReference(entry.id),
    responseBy: responsePromise(await getOpeningHours(context.db, practice.id), now),
    link: absoluteUrl(origin, `/${practice.urlCode}/chat/${entry.id}`),
  };
  // An address Notify refuses does not turn the sent request into an error (decision 0153).
  if (email) await sendAfterCommit(context.notifier, { channel: "email", to: email, template: "request-submitted", values });
  if (mobile) await sendAfterCommit(context.notifier, { channel: "sms", to: mobile, template: "request-submitted", values });
}
