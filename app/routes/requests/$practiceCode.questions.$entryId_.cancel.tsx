import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CANCEL_TITLE, CANCEL_WARNING, CancelForm } from "~/components/requests/RequestTimer";
import { requestTimedOut } from "~/domain/requests/request-timer";
import { cancelledPath, closeDraft, closedEntryPath, questionsPath, requireEntry } from "~/domain/requests/journey.server";
import { openDraftStep, requireEntryAuthor } from "~/web/requests/draft-step.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: CANCEL_TITLE, hydrate: false } satisfies PageHandle;

/**
 * "Cancel and start new request" (spec 2 §2.6 wording): a confirmation page of its own
 * without JS; the question and check-answers pages open the same form in a dialog with JS.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, draft } = await openDraftStep(request, context, params.practiceCode, params.entryId);
  return json({ practiceCode: practice.urlCode, entryId: draft.entry.id, backHref: draft.paths.place(draft.journey.place(null)) });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice } = await requireEntryAuthor(request, context, params.practiceCode);
  const entry = await requireEntry(context, viewer, practice, params.entryId);
  if (entry.stage !== "created") return redirect(closedEntryPath(practice.urlCode, entry), 303);
  // Past its 30 minutes the draft is cancelled by the limit, and the patient told so.
  const timedOut = requestTimedOut(entry.startedAt, context.clock.now());
  const closed = await closeDraft(context, entry.id, timedOut ? "timeout" : "cancelled");
  if (!closed) return redirect(questionsPath(practice.urlCode, entry.id), 303);
  return redirect(cancelledPath(practice.urlCode, timedOut ? "timeout" : undefined), 303);
}

export default function CancelRequestPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>{CANCEL_TITLE}</h1>
        <p>{CANCEL_WARNING}.</p>
        <CancelForm practiceCode={data.practiceCode} entryId={data.entryId} backHref={data.backHref} />
      </div>
    </div>
  );
}
