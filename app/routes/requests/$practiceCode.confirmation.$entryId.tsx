import { requestOrigin } from "~/web/origin";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { BackLink } from "~/components/requests/RequestParts";
import { CancelRequest, RequestTimer } from "~/components/requests/RequestTimer";
import { copy } from "~/copy";
import { listEntryFiles } from "~/domain/files/entry-files.server";
import { displayAnswer } from "~/domain/requests/answer-rules";
import { entryPatientName } from "~/domain/requests/entries.server";
import { submitDraft, submittedPath } from "~/domain/requests/journey.server";
import { openDraftStep } from "~/web/requests/draft-step.server";
import type { PageHandle } from "~/components/hydration";

const TITLE = "Check your answers before sending your request";
// A summary and a post; the timer and cancel dialogs are a plain script (decision 0145).
export const handle = { title: TITLE, hydrate: false } satisfies PageHandle;

/**
 * Check your answers (spec 2 §2.2 confirmation): every answer with a Change link that comes
 * back here, the attachments, and Send. Only a draft whose pages are all complete gets here.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, draft } = await openDraftStep(request, context, params.practiceCode, params.entryId);
  const { entry, set, answers, journey, paths } = draft;
  const code = practice.urlCode;
  if (!journey.ready) throw redirect(paths.place(journey.place(null)));
  const [files, patientName] = await Promise.all([listEntryFiles(context, entry.id), entryPatientName(context.db, entry)]);
  const attachmentsPage = set.pages.find((p) => p.questions.some((q) => q.allowsAttachments))?.page ?? null;
  return json(
    {
      practice: { name: practice.name, urlCode: code },
      entry: { id: entry.id, startedAt: entry.startedAt.toISOString(), issueTypeName: set.issueType.name },
      serverNow: context.clock.now().toISOString(),
      patientName,
      forDependent: entry.requester === "dependent",
      rows: set.pages.flatMap((page) =>
        page.questions.map((q) => ({
          id: q.id,
          question: q.text,
          answer: displayAnswer(q, answers.get(q.id)),
          changeHref: paths.page(page.page, true),
        })),
      ),
      files: files.map((f) => ({ id: f.id, fileName: f.fileName, sensitive: f.sensitive })),
      filesChangeHref: attachmentsPage === null ? null : paths.page(attachmentsPage, true),
      backHref: paths.page(journey.steps[journey.steps.length - 1]),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * Send. A request already sent (double click, Back and send again, a second tab) is not
 * sent twice: it goes to the page that shows it (requireOpenDraft), and submitDraft's
 * conditional update settles two posts that race.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { practice, draft } = await openDraftStep(request, context, params.practiceCode, params.entryId);
  const { entry, journey, paths } = draft;
  if (!journey.ready) return redirect(paths.place(journey.place(null)), 303);
  await submitDraft(context, requestOrigin(request), practice, entry);
  // A request staff started ends on the staff page (/{code}/submitted/{id}), not the patient's.
  return redirect(entry.requester === "staff" ? `/${practice.urlCode}/submitted/${entry.id}` : submittedPath(practice.urlCode, entry.id), 303);
}

export default function CheckYourAnswers() {
  const data = useLoaderData<typeof loader>();
  const code = data.practice.urlCode;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <BackLink href={data.backHref} />
        <span className="nhsuk-caption-l">{data.entry.issueTypeName}</span>
        <h1>{TITLE}</h1>
        <dl className="nhsuk-summary-list">
          <div className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">Who the request is for</dt>
            <dd className="nhsuk-summary-list__value">{data.patientName}</dd>
            <dd className="nhsuk-summary-list__actions"></dd>
          </div>
          {data.rows.map((row) => (
            <div className="nhsuk-summary-list__row" key={row.id}>
              <dt className="nhsuk-summary-list__key">{row.question}</dt>
              <dd className="nhsuk-summary-list__value">
                {row.answer.length === 1 ? (
                  <span className="app-answer">{row.answer[0]}</span>
                ) : (
                  <ul className="nhsuk-list">
                    {row.answer.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                )}
              </dd>
              <dd className="nhsuk-summary-list__actions">
                <a href={row.changeHref}>
                  Change<span className="nhsuk-u-visually-hidden"> {row.question}</span>
                </a>
              </dd>
            </div>
          ))}
          {data.filesChangeHref ? (
            <div className="nhsuk-summary-list__row">
              <dt className="nhsuk-summary-list__key">Photos or documents</dt>
              <dd className="nhsuk-summary-list__value">
                {data.files.length === 0 ? (
                  copy.noInformation
                ) : (
                  <ul className="nhsuk-list">
                    {data.files.map((f) => (
                      <li key={f.id}>
                        {f.fileName}
                        {f.sensitive ? " (sensitive)" : ""}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
              <dd className="nhsuk-summary-list__actions">
                <a href={data.filesChangeHref}>
                  Change<span className="nhsuk-u-visually-hidden"> photos or documents</span>
                </a>
              </dd>
            </div>
          ) : null}
        </dl>
        <h2>Now send your request</h2>
        <p>By sending this request you confirm that the information you have given is correct to the best of your knowledge.</p>
        <PostForm>
          <Button>Send request</Button>
        </PostForm>
        <CancelRequest practiceCode={code} entryId={data.entry.id} />
        <RequestTimer practiceCode={code} practiceName={data.practice.name} entryId={data.entry.id} startedAt={data.entry.startedAt} serverNow={data.serverNow} />
      </div>
    </div>
  );
}
