import { useServerValidatedForm } from "~/components/server-validated-form";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "~/web/forms/submission.server";
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
import { answersFromValue, fieldName, formDefaults, isEmergency } from "~/domain/requests/answer-rules";
import { pageSchema } from "~/domain/requests/answer-schema.server";
import { saveAnswers } from "~/domain/requests/entries.server";
import { matchingRule } from "~/domain/requests/journey";
import { markSignposted, withSavedAnswers, type Draft } from "~/domain/requests/journey.server";
import { openDraftStep } from "~/web/requests/draft-step.server";
import { lastWriteWithPostRecord } from "~/web/post-record.server";
import type { AppContext } from "~/context.server";
import type { PageHandle } from "~/components/hydration";

// Forms that post as they do without JS; the timer and cancel dialogs are a plain script (decision 0145).
export const handle = { title: (data: { title?: string } | undefined) => data?.title ?? "Questions", hydrate: false } satisfies PageHandle;

/** The page asked for (?page=N), or null for "the first page that is not complete". */
function requestedPage(request: Request): number | null {
  const raw = new URL(request.url).searchParams.get("page");
  return raw !== null && /^\d{1,3}$/.test(raw) ? Number(raw) : raw === null ? null : -1;
}

const isChange = (request: Request) => new URL(request.url).searchParams.get("change") === "1";

/**
 * The page asked for, or where the journey sends the patient instead: a page beyond the first
 * one that is not complete goes back to that one; with every page complete, the bare URL goes
 * to "check your answers".
 */
function pageOrRedirect(request: Request, draft: Draft): number {
  const asked = requestedPage(request);
  const place = draft.journey.place(asked === -1 ? null : asked);
  if ("step" in place && place.step === asked) return asked;
  // The bare URL opens where the patient is; any other refused page is sent there by redirect.
  if (asked === null && "step" in place) return place.step;
  throw redirect(draft.paths.place(place));
}

async function loadPage(request: Request, context: AppContext, params: { practiceCode?: string; entryId?: string }) {
  const { viewer, practice, draft } = await openDraftStep(request, context, params.practiceCode, params.entryId);
  const pageNumber = pageOrRedirect(request, draft);
  const page = draft.set.pages.find((p) => p.page === pageNumber)!;
  return { viewer, practice, draft, page };
}

function pageTitle(questions: readonly { text: string }[]): string {
  return questions.length === 1 ? questions[0].text : "Tell us about the problem";
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, draft, page } = await loadPage(request, context, params);
  const { entry } = draft;
  const attachments = page.questions.some((q) => q.allowsAttachments);
  const files = attachments ? await listEntryFiles(context, entry.id) : [];
  const change = isChange(request);
  const back = draft.journey.back(page.page, change);
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
      entry: { id: entry.id, startedAt: entry.startedAt.toISOString(), issueTypeName: draft.set.issueType.name },
      serverNow: context.clock.now().toISOString(),
      page: page.page,
      questions,
      defaults: formDefaults(page.questions, draft.answers),
      attachments,
      files: files.map((f) => ({ id: f.id, fileName: f.fileName, sensitive: f.sensitive, sizeBytes: f.sizeBytes })),
      change,
      backHref: back === null ? `/${code}/message` : draft.paths.place(back),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice, draft, page } = await loadPage(request, context, params);
  const { entry, paths } = draft;
  const code = practice.urlCode;
  const attachments = page.questions.some((q) => q.allowsAttachments);
  const upload = attachments ? await readUploadForm(request, ["files"]) : { fields: await request.formData(), files: [], refused: [] };
  const form = upload.fields;
  const intent = String(form.get("intent") ?? "continue");
  const now = context.clock.now();
  const changing = isChange(request);
  const here = paths.page(page.page, changing);

  if (attachments && intent.startsWith("remove:")) await removeEntryFile(context, entry.id, intent.slice("remove:".length));
  // Files that passed are kept even when something else on the page needs fixing.
  const stored = attachments && upload.files.length
    ? await storeEntryFiles(context, { entryId: entry.id, uploads: upload.files, sensitive: form.get("sensitive") === "yes", userId: viewer.userId })
    : { stored: [], refused: [] };
  // One line per problem: several files over the limit share one message.
  const fileErrors = [...new Set([...upload.refused.map((r) => r.message), ...stored.refused.map((r) => r.message)])];

  const submission = parseWithZod(form, { schema: pageSchema(page.questions, londonToday(now)) });
  if (submission.status !== "success" || fileErrors.length > 0) {
    // Answers that passed are kept while a file needs fixing.
    if (submission.status === "success") await saveAnswers(context.db, entry.id, answersFromValue(page.questions, submission.value), "en", now);
    const lastResult = submission.reply(fileErrors.length ? { fieldErrors: { files: fileErrors } } : undefined);
    return json({ lastResult }, { status: 400 });
  }
  const saved = answersFromValue(page.questions, submission.value);
  const next = intent === "continue" ? nextStep(draft, page, saved, changing) : { location: here, signpostRuleId: null };
  if (next.signpostRuleId !== null) {
    await saveAnswers(context.db, entry.id, saved, "en", now);
    await markSignposted(context, entry.id, next.signpostRuleId);
  } else {
    // The answers are the post's last write: they carry its idempotency record (decision 0158).
    await lastWriteWithPostRecord(request, next.location, (record) => saveAnswers(context.db, entry.id, saved, "en", now, record));
  }
  return redirect(next.location, 303);
}

/**
 * Where the journey goes after this page, from its answers walked in memory (decided before they
 * are written, so the write can be the post's last): the emergency screen, a signpost the person
 * has not yet continued past, or the next step.
 */
function nextStep(draft: Draft, page: Draft["set"]["pages"][number], saved: ReturnType<typeof answersFromValue>, changing: boolean) {
  const { entry, paths } = draft;
  const after = withSavedAnswers(draft, saved);
  if (page.questions.some((q) => isEmergency(q, after.answers.get(q.id)))) return { location: paths.emergency, signpostRuleId: null };
  const rule = matchingRule([page], after.set.rules, after.answers);
  if (rule && !(entry.signpostRuleId === rule.id && entry.signpostContinuedAt)) return { location: paths.signposted, signpostRuleId: rule.id };
  return { location: paths.place(after.journey.afterSave(page.page, changing)), signpostRuleId: null };
}

export default function QuestionPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const questions = data.questions as PageQuestion[];
  const [form, fields] = useServerValidatedForm<ReturnType<typeof pageSchema>>({
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
