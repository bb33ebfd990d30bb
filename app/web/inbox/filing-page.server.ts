/**
 * /{code}/requests/{id}/file: file a request to the GP record with SNOMED codes (decision 0113).
 * Staff of the practice (the inbox guard) in loader and action. One form: "Search codes" shows
 * the page again with the results and the ticks kept; "File to GP record" files, once.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { inbox as inboxGuard } from "~/domain/auth/guards";
import type { Practice } from "~/domain/practices/practices.server";
import { FILING_MESSAGES, FilingSchema, defaultFilingSummary } from "~/domain/inbox/filing";
import { codesFromComments, filedConsultation, fileRequest, knownCodes, requestAtPractice } from "~/domain/inbox/filing.server";
import { searchSnomed } from "~/domain/inbox/notes.server";
import { loadRequestDetails } from "~/domain/inbox/request-details.server";
import { requestReference } from "~/domain/requests/reference";
import { audit } from "~/domain/audit/audit.server";
import { requireViewer } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import { notFound } from "~/web/responses.server";
import { parseId } from "~/validation/ids";
import { FEDERATED_CODE } from "~/domain/inbox/inbox-scope.server";

async function requireStaff(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const { viewer, practice } = await requireViewer(args.request, args.context, [inboxGuard], { practiceCode: args.params.practiceCode });
  const entryId = parseId(args.params.requestId);
  if (entryId === null) throw notFound();
  return { viewer, practice: practice as Practice, entryId };
}

/** Back to the request in the inbox it was opened from (this practice's or all practices'), else the All inbox. */
function backTo(request: Request, practice: Practice, entryId: number): string {
  const back = new URL(request.url).searchParams.get("back");
  const own = back && /^\/[A-Za-z0-9]+\/inboxes\/[A-Za-z0-9_/-]*$/.test(back) && (back.startsWith(`/${practice.urlCode}/inboxes/`) || back.startsWith(`/${FEDERATED_CODE}/inboxes/`));
  return own ? back : `/${practice.urlCode}/inboxes/all/request-details/${entryId}`;
}

async function pageData(args: LoaderFunctionArgs, practice: Practice, entryId: number) {
  const { db } = args.context;
  const details = await loadRequestDetails(db, practice.id, entryId);
  if (!details) throw notFound();
  const [filed, suggested] = await Promise.all([filedConsultation(db, practice.id, entryId), codesFromComments(db, entryId)]);
  const reference = requestReference(entryId);
  return {
    reference,
    patientName: `${details.patient.firstName} ${details.patient.lastName}`,
    issueTypeName: details.issueTypeName,
    back: backTo(args.request, practice, entryId),
    filed: filed ? { summary: filed.summary, codes: filed.codes, filedAt: filed.filedAt.toISOString(), filedBy: filed.filedBy } : null,
    suggested,
    defaultSummary: defaultFilingSummary({ reference, issueTypeName: details.issueTypeName, answers: details.answers }),
  };
}

export async function filingLoader(args: LoaderFunctionArgs) {
  const { viewer, practice, entryId } = await requireStaff(args);
  const data = await pageData(args, practice, entryId);
  await audit(args.context.db, { actorUserId: viewer.userId, practiceId: practice.id, action: "request.filing_view", subjectType: "patient_entry", subjectId: entryId, at: args.context.clock.now() });
  return json(data);
}

export async function filingAction(args: ActionFunctionArgs) {
  const { viewer, practice, entryId } = await requireStaff(args);
  const { context, request } = args;
  // Another practice's request (or none) is not found, whatever was posted.
  if (!(await requestAtPractice(context.db, practice.id, entryId))) throw notFound();
  const submission = parseWithZod(await request.formData(), { schema: FilingSchema });
  if (submission.status !== "success") {
    return json({ lastResult: submission.reply(), results: [], chosen: [] as { code: string; term: string }[] }, { status: 400 });
  }
  const value = submission.value;
  if (value.intent === "search") {
    // The ticks travel with the search, so nothing chosen is lost without JS.
    const chosen = (await knownCodes(context.db, [...new Set(value.codes)])) ?? [];
    const short = value.q.length < 2;
    const results = short ? [] : await searchSnomed(context.db, value.q);
    return json(
      { lastResult: short ? submission.reply({ fieldErrors: { q: [FILING_MESSAGES.searchShort] } }) : submission.reply(), results, chosen },
      { status: short ? 400 : 200 },
    );
  }
  const result = await fileRequest(context, { userId: viewer.userId, practiceId: practice.id }, { entryId, summary: value.summary, codes: value.codes });
  if (result.status === "not_found") throw notFound();
  if (result.status === "refused" || result.status === "unavailable") {
    const chosen = (await knownCodes(context.db, value.codes.filter((c) => /^\d+$/.test(c)))) ?? [];
    const reply = result.status === "refused" ? submission.reply({ fieldErrors: { codes: [result.message] } }) : submission.reply({ formErrors: [result.message] });
    return json({ lastResult: reply, results: [], chosen }, { status: 400 });
  }
  return redirectWithFlash(request, context, backTo(request, practice, entryId), {
    kind: "success",
    text: result.alreadyFiled ? "This request was already filed to the GP record." : "Request filed to the GP record.",
  });
}
