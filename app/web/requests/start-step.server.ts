/**
 * Steps 1 to 3 of a request (spec 2 §2.2): who it is for, then what it is about. Step 3's
 * action starts the draft (patient_entries.started_at: the 30-minute limit runs from here),
 * after the checks that must come first: the practice takes requests now (demand controls),
 * the viewer may act for this patient, and the patient is not older than the maximum age.
 */
import { json, redirect } from "@remix-run/node";
import * as z from "zod";
import type { AppContext } from "~/context.server";
import { copy } from "~/copy";
import { notFound } from "~/web/responses.server";
import type { Practice } from "~/domain/practices/practices.server";
import type { ActingPatient } from "~/domain/requests/access.server";
import { createEntry, saveAnswers } from "~/domain/requests/entries.server";
import { ageLimit, canRequest, questionsPath, requestChoices, requestsOpen } from "~/domain/requests/journey.server";
import { requireRequester } from "./draft-step.server";
import { ADMIN_ISSUE_TYPE_ID, listIssueTypes } from "~/domain/requests/questions.server";
import { issueTypesForLevel, mayUseClinicalRequests } from "~/domain/nhs-login/rules";
import { fromNhsApp } from "~/web/nhs-login/nhs-app.server";

export const START_MESSAGES = {
  whoMissing: "Select who the request is for",
  dependentMissing: "Select who you are making the request for",
  issueTypeMissing: "Select what the request is about",
  tooOld: (maximum: number) => `Online requests are for patients aged ${maximum} or younger.`,
} as const;

/** Why a step cannot be used, as the page shows it (status: 403 not registered, 200 otherwise). */
export type Stopped = {
  stopped: "not_registered" | "closed" | "too_old";
  message: string;
  /** Closed: where to go instead (an exceptional closure) and the practice's own words. */
  alternative?: string | null;
  practiceMessage?: string | null;
};

export function stoppedResponse(practice: Practice, stop: Stopped) {
  return json(
    { practice: { name: practice.name, urlCode: practice.urlCode }, ...stop },
    { status: stop.stopped === "not_registered" ? 403 : 200 },
  );
}

/** The viewer, practice and choices, or the reason no request can be made here now. */
export async function startChecks(request: Request, context: AppContext, practiceCode: string | undefined) {
  const { viewer, practice } = await requireRequester(request, context, practiceCode);
  const choices = await requestChoices(context, viewer, practice.id);
  let stop: Stopped | null = null;
  if (!canRequest(choices)) stop = { stopped: "not_registered", message: copy.validation.registeredPatient(context.config.productName) };
  else {
    const open = await requestsOpen(context, practice);
    if (!open.open) stop = { stopped: "closed", message: open.message, alternative: open.alternative, practiceMessage: open.practiceMessage };
  }
  return { viewer, practice, choices, stop };
}

export const whoSchema = z.object({ who: z.enum(["myself", "carer"], { error: START_MESSAGES.whoMissing }) });
export const dependentSchema = z.object({ dependentId: z.string({ error: START_MESSAGES.dependentMissing }).regex(/^\d+$/, START_MESSAGES.dependentMissing) });

/** The patient of step 3: the viewer themself, or the dependent named in the URL (404 if not theirs). */
export function subjectOf(choices: Awaited<ReturnType<typeof requestChoices>>, dependentId: string | undefined): ActingPatient | null {
  if (dependentId === undefined) return choices.myself;
  if (!/^\d{1,10}$/.test(dependentId)) throw notFound();
  const dependent = choices.dependents.find((d) => d.dependentId === Number(dependentId));
  if (!dependent) throw notFound();
  return dependent;
}

export type IssueStepData = {
  practice: { name: string; urlCode: string };
  subject: { firstName: string; lastName: string; relation: "myself" | "dependent" };
  issueTypes: { id: number; name: string; hint: string | null }[];
  preselected: number | null;
  backHref: string;
};

/**
 * How an entry page shows step 3: the NHS App's pages (spec 2 §2.4) are for oneself only, never
 * as carer; the clinical request page offers the clinical types, and each has its own Back.
 */
export type IssueStepOptions = { myselfOnly?: boolean; kind?: "clinical" | "admin"; backHref?: (code: string) => string };

async function issueStep(request: Request, context: AppContext, params: { practiceCode?: string; dependentId?: string }, options: IssueStepOptions = {}) {
  const checks = await startChecks(request, context, params.practiceCode);
  const { practice, choices } = checks;
  if (checks.stop) return { ...checks, subject: null };
  // A P5 session (NHS login, basic) sends administrative requests only: the app's hub for those.
  if (options.kind === "clinical" && !mayUseClinicalRequests(checks.viewer.session.nhsLoginLevel)) throw redirect(`/${practice.urlCode}/admin-hub`);
  const subject = subjectOf(choices, params.dependentId);
  if (!subject && options.myselfOnly) {
    return { ...checks, stop: { stopped: "not_registered", message: copy.validation.registeredPatient(context.config.productName) } satisfies Stopped, subject: null };
  }
  // A carer with no record of their own at this practice makes requests for dependents only.
  if (!subject) throw redirect(`/${practice.urlCode}/message/carer`);
  const age = await ageLimit(context, subject.dateOfBirth);
  const stop: Stopped | null = age.ok ? null : { stopped: "too_old", message: `${START_MESSAGES.tooOld(age.maximum)} Please contact ${practice.name} by phone.` };
  return { ...checks, stop, subject };
}

/** The issue types this session may choose on this page. */
async function offeredTypes(context: AppContext, level: string | null | undefined, kind: IssueStepOptions["kind"]) {
  const types = issueTypesForLevel(await listIssueTypes(context.db), ADMIN_ISSUE_TYPE_ID, level);
  return kind ? types.filter((t) => t.kind === kind) : types;
}

export async function issueStepLoader(
  request: Request,
  context: AppContext,
  params: { practiceCode?: string; dependentId?: string },
  preselected: number | null,
  options: IssueStepOptions = {},
) {
  const { viewer, practice, choices, stop, subject } = await issueStep(request, context, params, options);
  if (stop || !subject) return stoppedResponse(practice, stop!);
  const types = await offeredTypes(context, viewer.session.nhsLoginLevel, options.kind);
  const both = choices.myself !== null && choices.dependents.length > 0;
  const backHref = options.backHref
    ? options.backHref(practice.urlCode)
    : subject.relation === "dependent"
      ? `/${practice.urlCode}/message/carer`
      : both
        ? `/${practice.urlCode}/message`
        : `/${practice.urlCode}/my-requests-and-messages`;
  return json({
    practice: { name: practice.name, urlCode: practice.urlCode },
    subject: { firstName: subject.firstName, lastName: subject.lastName, relation: subject.relation },
    issueTypes: types.map((t) => ({ id: t.id, name: t.name, hint: t.hint })),
    preselected,
    backHref,
  } satisfies IssueStepData);
}

export async function issueStepAction(
  request: Request,
  context: AppContext,
  params: { practiceCode?: string; dependentId?: string },
  options: IssueStepOptions = {},
) {
  const { viewer, practice, stop, subject } = await issueStep(request, context, params, options);
  // Closed meanwhile (or too old): the page says why on the way back.
  if (stop || !subject) return redirect(new URL(request.url).pathname, 303);
  const types = await offeredTypes(context, viewer.session.nhsLoginLevel, options.kind);
  const form = await request.formData();
  const raw = String(form.get("issueTypeId") ?? "");
  const issueType = types.find((t) => String(t.id) === raw);
  if (!issueType) {
    return json({ errors: { issueTypeId: START_MESSAGES.issueTypeMissing } }, { status: 400 });
  }
  const entry = await createEntry(context.db, {
    practiceId: practice.id,
    patientId: subject.patientId,
    createdByUserId: viewer.userId,
    requester: subject.relation,
    issueTypeId: issueType.id,
    submittedVia: fromNhsApp(request) ? "nhs_app" : "web",
    now: context.clock.now(),
  });
  return redirect(questionsPath(practice.urlCode, entry.id), 303);
}



/**
 * The NHS App's admin hub (spec 2 §2.4): an administrative request for oneself, started with
 * its first answer ("What do you need?") from the topic chosen, so the journey goes on at the
 * next question.
 */
export async function startAdminRequest(request: Request, context: AppContext, practiceCode: string | undefined, firstAnswer: { questionId: number; answer: string }) {
  const { viewer, practice, stop, subject } = await issueStep(request, context, { practiceCode }, { myselfOnly: true });
  if (stop || !subject) return { practice, entryId: null };
  const now = context.clock.now();
  const entry = await createEntry(context.db, {
    practiceId: practice.id,
    patientId: subject.patientId,
    createdByUserId: viewer.userId,
    requester: subject.relation,
    issueTypeId: ADMIN_ISSUE_TYPE_ID,
    submittedVia: fromNhsApp(request) ? "nhs_app" : "web",
    now,
  });
  await saveAnswers(context.db, entry.id, [firstAnswer], "en", now);
  return { practice, entryId: entry.id };
}

/** An NHS App page before step 3 (admin hub, advice): the practice, or why no request can be made here now. */
export async function appPageChecks(request: Request, context: AppContext, practiceCode: string | undefined) {
  const { practice, stop, subject } = await issueStep(request, context, { practiceCode }, { myselfOnly: true });
  return { practice, stop: stop ?? null, subject };
}
