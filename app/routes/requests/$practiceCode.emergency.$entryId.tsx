import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { isEmergency } from "~/domain/requests/answer-rules";
import { closeDraft, draftState, questionsPath } from "~/domain/requests/journey.server";
import { openEntryStep } from "~/web/requests/draft-step.server";
import { requestTimedOut } from "~/domain/requests/request-timer";
import type { AppContext } from "~/context.server";
import type { PatientEntry } from "~/domain/requests/entries.server";
import type { PageHandle } from "~/components/hydration";

const TITLE = "Call 999 now";
export const handle = { title: TITLE, hydrate: false } satisfies PageHandle;

/** Whether the draft's emergency screen (page 0) was answered with a red-flag symptom. */
async function reportedEmergency(context: AppContext, entry: PatientEntry): Promise<boolean> {
  const { set, answers } = await draftState(context, entry);
  return set.pages.some((p) => p.questions.some((q) => isEmergency(q, answers.get(q.id))));
}

/**
 * The emergency screen (issue 4): a red-flag symptom stops the request. The patient is told
 * to call 999 (or 111) and confirms they have read it; the draft is closed (closed_reason
 * emergency) and never reaches the practice as a routine request.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, entry } = await openEntryStep(request, context, params.practiceCode, params.entryId);
  const confirmed = entry.stage === "cancelled" && entry.closedReason === "emergency";
  if (!confirmed && (entry.stage !== "created" || !(await reportedEmergency(context, entry)))) {
    throw redirect(questionsPath(practice.urlCode, entry.id));
  }
  return json({ practice: { name: practice.name, urlCode: practice.urlCode }, confirmed, questionsHref: questionsPath(practice.urlCode, entry.id) });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { practice, entry } = await openEntryStep(request, context, params.practiceCode, params.entryId);
  // The emergency closes the draft whatever the time: the advice matters more than the limit.
  if (entry.stage === "created" && ((await reportedEmergency(context, entry)) || requestTimedOut(entry.startedAt, context.clock.now()))) {
    await closeDraft(context, entry.id, "emergency");
  }
  return redirect(`/${practice.urlCode}/emergency/${entry.id}`, 303);
}

export default function Emergency() {
  const { practice, confirmed, questionsHref } = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>{TITLE}</h1>
        <div className="nhsuk-card nhsuk-card--care nhsuk-card--care--emergency">
          <div className="nhsuk-card__heading-container">
            <h2 className="nhsuk-card__heading">
              <span role="text">
                <span className="nhsuk-u-visually-hidden">Immediate action required: </span>
                Call 999 or go to A&amp;E now
              </span>
            </h2>
            <span className="nhsuk-card--care__arrow" aria-hidden="true"></span>
          </div>
          <div className="nhsuk-card__content">
            <p>The symptoms you have told us about need help straight away. Do not wait for a reply from {practice.name}.</p>
            <p>
              If you are not sure, call 111 or use <a href="https://111.nhs.uk/">NHS 111 online</a> now.
            </p>
            <p>
              If you are thinking about ending your life, call 999 or go to A&amp;E. You can also call Samaritans free on 116 123.
            </p>
          </div>
        </div>
        {confirmed ? (
          <p>Your request has not been sent to {practice.name}.</p>
        ) : (
          <>
            <p>Your request will not be sent to {practice.name}.</p>
            <PostForm>
              <Button>I understand</Button>
            </PostForm>
          </>
        )}
        <h2 className="nhsuk-heading-m">What you can do next</h2>
        <ul className="nhsuk-list nhsuk-list--bullet">
          <li>
            <a href="tel:999">Call 999</a> if someone is seriously ill or injured and their life is at risk
          </li>
          <li>
            <a href="tel:111">Call 111</a> or go to <a href="https://111.nhs.uk/">NHS 111 online</a> if you need help but it is not life-threatening
          </li>
          {confirmed ? (
            <li>
              <a href={`/${practice.urlCode}/message`}>Start a new request</a> if you chose a symptom by mistake, or for something else
            </li>
          ) : (
            <li>
              <a href={questionsHref}>Go back to your request</a> if you chose a symptom by mistake
            </li>
          )}
        </ul>
      </div>
    </div>
  );
}
