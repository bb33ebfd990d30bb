import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { ChoiceField } from "~/components/requests/RequestParts";
import { isStopped, StoppedView, stoppedTitle } from "~/components/requests/StartSteps";
import { startChecks, START_MESSAGES, stoppedResponse, whoSchema } from "~/web/requests/start-step.server";
import type { PageHandle } from "~/components/hydration";

const TITLE = "Who is this request for?";
export const handle = { title: (data: unknown) => stoppedTitle(data, TITLE), hydrate: false } satisfies PageHandle;

/**
 * Step 1 (spec 2 §2.2): who the request is for. Only a carer who is also a patient here has
 * a choice; everyone else (patients, guests, carers acting only for dependents) goes straight on.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, choices, stop } = await startChecks(request, context, params.practiceCode);
  if (stop) return stoppedResponse(practice, stop);
  if (choices.dependents.length === 0) throw redirect(`/${practice.urlCode}/message/myself`);
  if (!choices.myself) throw redirect(`/${practice.urlCode}/message/carer`);
  return json({ practice: { name: practice.name, urlCode: practice.urlCode } });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { practice, stop } = await startChecks(request, context, params.practiceCode);
  if (stop) return redirect(`/${practice.urlCode}/message`, 303);
  const parsed = whoSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return json({ errors: { who: START_MESSAGES.whoMissing } }, { status: 400 });
  return redirect(`/${practice.urlCode}/message/${parsed.data.who}`, 303);
}

export default function WhoIsItFor() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (isStopped(data)) return <StoppedView data={data} />;
  const error = actionData?.errors?.who;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={error ? [{ fieldId: "who", message: error }] : []} />
        <PostForm noValidate>
          <ChoiceField
            type="radio"
            id="who"
            name="who"
            legend={TITLE}
            legendIsHeading
            error={error}
            options={[
              { value: "myself", label: "Myself" },
              { value: "carer", label: "Someone I care for" },
            ]}
          />
          <Button>Continue</Button>
        </PostForm>
      </div>
    </div>
  );
}
