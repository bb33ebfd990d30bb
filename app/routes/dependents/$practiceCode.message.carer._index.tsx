import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { BackLink, ChoiceField } from "~/components/requests/RequestParts";
import { isStopped, StoppedView, stoppedTitle } from "~/components/requests/StartSteps";
import { formatDate } from "~/validation/dates";
import { startChecks, START_MESSAGES, stoppedResponse } from "~/web/requests/start-step.server";
import type { PageHandle } from "~/components/hydration";

const TITLE = "Who are you making this request for?";
export const handle = { title: (data: unknown) => stoppedTitle(data, TITLE), hydrate: false } satisfies PageHandle;

/** Step 2 (carers): choose the person cared for. Guests and non-carers have no one to choose. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, choices, stop } = await startChecks(request, context, params.practiceCode);
  if (stop) return stoppedResponse(practice, stop);
  if (choices.dependents.length === 0) throw redirect(`/${practice.urlCode}/message/myself`);
  return json({
    practice: { name: practice.name, urlCode: practice.urlCode },
    dependents: choices.dependents.map((d) => ({
      id: d.dependentId!,
      name: `${d.firstName} ${d.lastName}`,
      dateOfBirth: formatDate(d.dateOfBirth),
    })),
    backHref: choices.myself ? `/${practice.urlCode}/message` : `/${practice.urlCode}/dependents`,
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { practice, choices, stop } = await startChecks(request, context, params.practiceCode);
  if (stop) return redirect(`/${practice.urlCode}/message/carer`, 303);
  const chosen = String((await request.formData()).get("dependentId") ?? "");
  const dependent = choices.dependents.find((d) => String(d.dependentId) === chosen);
  if (!dependent) return json({ errors: { dependentId: START_MESSAGES.dependentMissing } }, { status: 400 });
  return redirect(`/${practice.urlCode}/message/carer/${dependent.dependentId}`, 303);
}

export default function ChooseDependent() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (isStopped(data)) return <StoppedView data={data} />;
  const error = actionData?.errors?.dependentId;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <BackLink href={data.backHref} />
        <ErrorSummary errors={error ? [{ fieldId: "dependentId", message: error }] : []} />
        <PostForm noValidate>
          <ChoiceField
            type="radio"
            id="dependentId"
            name="dependentId"
            legend={TITLE}
            legendIsHeading
            error={error}
            options={data.dependents.map((d) => ({ value: String(d.id), label: d.name, hint: `Born ${d.dateOfBirth}` }))}
          />
          <Button>Continue</Button>
        </PostForm>
      </div>
    </div>
  );
}
