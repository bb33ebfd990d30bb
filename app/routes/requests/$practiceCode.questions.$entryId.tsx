import { useNhsForm } from "~/components/forms";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { dateSummaryErrors } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary, type SummaryError } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { AttachmentFields, QuestionField, type PageQuestion } from "~/components/requests/QuestionFields";
import { CancelRequest, RequestTimer } from "~/components/requests/RequestTimer";
import { BackLink } from "~/components/requests/RequestParts";
import { londonToday } from "~/domain/time/london";
import { listEntryFiles, removeEntryFile, storeEntryFiles } from "~/domain/files/entry-files.server";
import { MAX_FILES_PER_REQUEST } from "~/domain/files/file-types";
import { readUploadForm } from "~/web/files/uploads.server";
import { answersFromValue, fieldName, formDefaults, isEmergency, pageSchema } from "~/domain/requests/answer-rules";
import { saveAnswers } from "~/domain/requests/entries.server";
import { matchingRule } from "~/domain/requests/journey";
import {
  confirmationPath,
  draftState,
  emergencyPath,
  questionsPath,
  requireEntry,
  requireOpenDraft,
  requireEntryAuthor,
  signpostedPath,
  type DraftState,
} from "~/domain/requests/journey.server";
import { patientEntries } from "~/db/schema";
import { eq } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { PatientEntry } from "~/domain/requests/entries.server";
import type { Practice } from "~/domain/practices/practices.server";

export const handle = { title: (data: { title?: string } | undefined) => data?.title ?? "Questions" };

/** The page asked for (?page=N), or null for "the first page that is not complete". */
function requestedPage(request: Request): number | null {
  const raw = new URL(request.url).searchParams.get("page");
  return raw !== null && /^\d{1,3}$/.test(raw) ? Number(raw) : raw === null ? null : -1;
}

const isChange = (request: Request) => new URL(request.url).searchParams.get("change") === "1";

/**
 * Which page to show, or where to send the patient instead: a page beyond the first one
 * that is not complete is refused (back to that one); with every page complete, the bare
 * URL goes to "check your answers".
 */
function pageOrRedirect(request: Request, practice: Practice, entry: PatientEntry, state: DraftState): number {
  const asked = requestedPage(request);
  const { journey } = state;
  if (asked === null) {
    if (journey.firstIncomplete === null) throw redirect(confirmationPath(practice.urlCode, entry.id));
    return journey.firstIncomplete;
  }
  if (!journey.allowed(asked)) throw redirect(questionsPath(practice.urlCode, entry.id, journey.firstIncomplete ?? undefined));
  return asked;
}

async function loadPage(request: Request, context: AppContext, params: { practiceCode?: string; entryId?: string }) {
  const { viewer, practice } = await requireEntryAuthor(request, context, params.practiceCode);
  const entry = await requireEntry(context, viewer, practice, params.entryId);
  await requireOpenDraft(context, practice, entry);
  const state = await draftState(context, entry);
  const pageNumber = pageOrRedirect(request, practice, entry, state);
  const page = state.set.pages.find((p) => p.page === pageNumber)!;
  return { viewer, practice, entry, state, page };
}

function pageTitle(questions: readonly { text: string }[]): string {
  return questions.length === 1 ? questions[0].text : "Tell us about the problem";
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, entry, state, page } = await loadPage(request, context, params);
  const attachments = page.questions.some((q) => q.allowsAttachments);
  const files = attachments ? await listEntryFiles(context, entry.id) : [];
  const change = isChange(request);
  const previous = state.journey.previous(page.page);
  const code = practice.urlCode;
  const questions: PageQuestion[] = page.questions.map((q) => ({
    id: q.id,
    kind: q.kind,
    required: q.required,
    maxLength: q.maxLength,
    minValue: q.minValue,
    maxValue: q.maxValue,
    options: q.options,
    text: q.text,
    hint: q.hint,
    allowsAttachments: q.allowsAttachments,
  }));
  return json(
    {
      title: pageTitle(questions),
      practice: { name: practice.name, urlCode: code },
      entry: { id: entry.id, startedAt: entry.startedAt.toISOString(), issueTypeName: state.set.issueType.name },
      serverNow: context.clock.now().toISOString(),
      page: page.page,
      questions,
      defaults: formDefaults(page.questions, state.answers),
      attachments,
      files: files.map((f) => ({ id: f.id, fileName: f.fileName, sensitive: f.sensitive, sizeBytes: f.sizeBytes })),
      change,
      backHref: change
        ? confirmationPath(code, entry.id)
        : previous !== null
          ? questionsPath(code, entry.id, previous)
          : `/${code}/message`,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice, entry, page } = await loadPage(request, context, params);
  const code = practice.urlCode;
  const attachments = page.questions.some((q) => q.allowsAttachments);
  const upload = attachments ? await readUploadForm(request, ["files"]) : { fields: await request.formData(), files: [], refused: [] };
  const form = upload.fields;
  const intent = String(form.get("intent") ?? "continue");
  const now = context.clock.now();
  const here = questionsPath(code, entry.id, page.page, isChange(request));

  if (attachments && intent.startsWith("remove:")) await removeEntryFile(context, entry.id, intent.slice("remove:".length));
  // Files that passed are kept even when something else on the page needs fixing.
  const stored = attachments && upload.files.length
    ? await storeEntryFiles(context, { entryId: entry.id, uploads: upload.files, sensitive: form.get("sensitive") === "yes", userId: viewer.userId })
    : { stored: [], refused: [] };
  // One line per problem: several files over the limit share one message.
  const fileErrors = [...new Set([...upload.refused.map((r) => r.message), ...stored.refused.map((r) => r.message)])];

  const submission = parseWithZod(form, { schema: pageSchema(page.questions, londonToday(now)) });
  if (submission.status === "success") {
    await saveAnswers(context.db, entry.id, answersFromValue(page.questions, submission.value), "en", now);
  }
  if (submission.status !== "success" || fileErrors.length > 0) {
    const lastResult = submission.reply(fileErrors.length ? { fieldErrors: { files: fileErrors } } : undefined);
    return json({ lastResult }, { status: 400 });
  }
  if (intent !== "continue") return redirect(here, 303);

  const answers = new Map(answersFromValue(page.questions, submission.value).flatMap((a) => (a.answer === null ? [] : [[a.questionId, a.answer] as const])));
  if (page.questions.some((q) => isEmergency(q, answers.get(q.id)))) return redirect(emergencyPath(code, entry.id), 303);

  const after = await draftState(context, { ...entry });
  const rule = matchingRule([page], after.set.rules, after.answers);
  if (rule && !(entry.signpostRuleId === rule.id && entry.signpostContinuedAt)) {
    await context.db
      .update(patientEntries)
      .set({ signpostRuleId: rule.id, signpostedAt: now, signpostContinuedAt: null, updatedAt: now })
      .where(eq(patientEntries.id, entry.id));
    return redirect(signpostedPath(code, entry.id), 303);
  }
  if (isChange(request) && after.journey.ready) return redirect(confirmationPath(code, entry.id), 303);
  const next = after.journey.next(page.page);
  if (next === null) return redirect(confirmationPath(code, entry.id), 303);
  return redirect(questionsPath(code, entry.id, isChange(request) ? (after.journey.firstIncomplete ?? next) : next), 303);
}

/** Today as London sees it in the browser (UTC midnight), for the live date rule. */
function browserToday(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
}

export default function QuestionPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const questions = data.questions as PageQuestion[];
  const [form, fields] = useNhsForm(pageSchema(questions, browserToday()), {
    id: `entry-${data.entry.id}-page-${data.page}`,
    lastResult: actionData?.lastResult,
    defaultValue: data.defaults,
  });
  const errors: SummaryError[] = [];
  for (const q of questions) {
    const meta = fields[fieldName(q)];
    if (q.kind === "date") errors.push(...dateSummaryErrors(meta as Parameters<typeof dateSummaryErrors>[0]));
    else if (meta.errors?.[0]) errors.push({ fieldId: meta.id, message: meta.errors[0] });
  }
  const fileErrors = (actionData?.lastResult?.error?.files as string[] | undefined) ?? [];
  for (const message of fileErrors) errors.push({ fieldId: "files", message });
  const single = questions.length === 1;
  const code = data.practice.urlCode;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <BackLink href={data.backHref} />
        <ErrorSummary errors={errors} />
        <span className="nhsuk-caption-l">{data.entry.issueTypeName}</span>
        {single ? null : <h1>{data.title}</h1>}
        <PostForm {...getFormProps(form)} noValidate encType={data.attachments ? "multipart/form-data" : undefined} key={form.id}>
          {questions.map((q) => (
            <QuestionField key={q.id} question={q} meta={fields[fieldName(q)]} asHeading={single} />
          ))}
          {data.attachments ? <AttachmentFields files={data.files} error={fileErrors[0]} maxFiles={MAX_FILES_PER_REQUEST} /> : null}
          <div className="nhsuk-button-group">
            <Button name="intent" value="continue">
              {data.change ? "Save and return to check your answers" : "Continue"}
            </Button>
            {data.attachments && data.files.length < MAX_FILES_PER_REQUEST ? (
              <Button name="intent" value="upload" variant="secondary">
                Add files
              </Button>
            ) : null}
          </div>
        </PostForm>
        <CancelRequest practiceCode={code} entryId={data.entry.id} />
        <RequestTimer practiceCode={code} practiceName={data.practice.name} entryId={data.entry.id} startedAt={data.entry.startedAt} serverNow={data.serverNow} />
      </div>
    </div>
  );
}
