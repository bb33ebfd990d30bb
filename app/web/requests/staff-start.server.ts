/**
 * A request written by staff on a patient's behalf (spec 3 §2 /{code}/message/staff/{patient_id}),
 * for example during a phone call: the same question pages, check answers and submission as
 * the patient's journey. Staff are not held to the practice's online demand controls (they
 * are the practice), and the patient is told by e-mail or SMS when it is sent.
 */
import { json, redirect } from "@remix-run/node";
import type { AppContext } from "~/context.server";
import { gp_or_reception } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { audit } from "~/domain/audit/audit.server";
import { notFound } from "~/web/responses.server";
import type { Practice } from "~/domain/practices/practices.server";
import { createEntry } from "~/domain/requests/entries.server";
import { questionsPath } from "~/domain/requests/journey.server";
import { requirePracticePatient } from "~/web/patients/patient-staff.server";
import { listIssueTypes } from "~/domain/requests/questions.server";
import { START_MESSAGES, type IssueStepData } from "~/web/requests/start-step.server";

async function staffStart(request: Request, context: AppContext, params: { practiceCode?: string; patientId?: string }) {
  const { viewer, practice } = await requireViewer(request, context, [gp_or_reception], { practiceCode: params.practiceCode ?? "" });
  if (!practice) throw notFound();
  const patient = await requirePracticePatient(context, practice, params.patientId);
  return { viewer, practice, patient };
}

export async function staffStartLoader(request: Request, context: AppContext, params: { practiceCode?: string; patientId?: string }) {
  const { viewer, practice, patient } = await staffStart(request, context, params);
  await audit(context.db, { actorUserId: viewer.userId, practiceId: practice.id, action: "patient.view", subjectType: "patient", subjectId: patient.id, at: context.clock.now() });
  const types = await listIssueTypes(context.db);
  return json({
    practice: { name: practice.name, urlCode: practice.urlCode },
    // "dependent": the page says who the request is for, as it does for a carer.
    subject: { firstName: patient.firstName, lastName: patient.lastName, relation: "dependent" },
    issueTypes: types.map((t) => ({ id: t.id, name: t.name, hint: t.hint })),
    preselected: null,
    backHref: `/${practice.urlCode}/patients/${patient.id}`,
  } satisfies IssueStepData);
}

export async function staffStartAction(request: Request, context: AppContext, params: { practiceCode?: string; patientId?: string }) {
  const { viewer, practice, patient } = await staffStart(request, context, params);
  const types = await listIssueTypes(context.db);
  const raw = String((await request.formData()).get("issueTypeId") ?? "");
  const issueType = types.find((t) => String(t.id) === raw);
  if (!issueType) return json({ errors: { issueTypeId: START_MESSAGES.issueTypeMissing } }, { status: 400 });
  const entry = await createEntry(context.db, {
    practiceId: practice.id,
    patientId: patient.id,
    createdByUserId: viewer.userId,
    requester: "staff",
    issueTypeId: issueType.id,
    now: context.clock.now(),
  });
  return redirect(questionsPath(practice.urlCode, entry.id), 303);
}
