import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { ChoiceField } from "~/components/requests/RequestParts";
import { isStopped, StoppedView, stoppedTitle } from "~/components/requests/StartSteps";
import { ADMIN_HUB_MESSAGES, ADMIN_HUB_TOPICS, firstAnswerFor } from "~/domain/requests/admin-hub";
import { questionsPath } from "~/domain/requests/journey.server";
import { requireAppPatient } from "~/web/requests/nhs-app-pages.server";
import { appPageChecks, startAdminRequest, stoppedResponse } from "~/web/requests/start-step.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: (data: unknown) => stoppedTitle(data, ADMIN_HUB_MESSAGES.title), hydrate: false } satisfies PageHandle;

/**
 * The NHS App's admin hub (spec 2 §2.4): fit notes, letters, test results and repeat
 * medication questions. The topic chosen starts an administrative request for oneself with its
 * first answer given, and the request journey goes on at the next question.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAppPatient(request, context, params.practiceCode);
  const { practice, stop } = await appPageChecks(request, context, params.practiceCode);
  if (stop) return stoppedResponse(practice, stop);
  return json({ practice: { name: practice.name, urlCode: practice.urlCode } });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAppPatient(request, context, params.practiceCode);
  // Closed meanwhile (or no request can be made here): the hub says why.
  const checks = await appPageChecks(request, context, params.practiceCode);
  if (checks.stop) return redirect(`/${checks.practice.urlCode}/admin-hub`, 303);
  const first = firstAnswerFor((await request.formData()).get("topic"));
  if (!first) return json({ errors: { topic: ADMIN_HUB_MESSAGES.topicMissing } }, { status: 400 });
  const { practice, entryId } = await startAdminRequest(request, context, params.practiceCode, first);
  if (entryId === null) return redirect(`/${practice.urlCode}/admin-hub`, 303);
  return redirect(questionsPath(practice.urlCode, entryId, 2), 303);
}

export default function AdminHub() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (isStopped(data)) return <StoppedView data={data} />;
  const error = actionData?.errors?.topic;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={error ? [{ fieldId: "topic", message: error }] : []} />
        <span className="nhsuk-caption-l">{data.practice.name}</span>
        <PostForm noValidate>
          <ChoiceField
            type="radio"
            id="topic"
            name="topic"
            legend={ADMIN_HUB_MESSAGES.title}
            legendIsHeading
            hint="Choose one. You can tell the practice more on the next page."
            error={error}
            options={ADMIN_HUB_TOPICS.map((t) => ({ value: t.value, label: t.label, hint: t.hint }))}
          />
          <Button>Continue</Button>
        </PostForm>
        <p>
          Something else? <a href={`/${data.practice.urlCode}/nonclinical-request`}>Make another admin request</a>.
        </p>
      </div>
    </div>
  );
}
