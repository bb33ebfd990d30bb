import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getOpeningHours } from "~/domain/practices/practices.server";
import { requireEntry } from "~/domain/requests/journey.server";
import { requestReference } from "~/domain/requests/reference";
import { responsePromise } from "~/domain/requests/response-promise";
import { requireMyHealth } from "~/web/my-health/access.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Readings sent", hydrate: false } satisfies PageHandle;

/**
 * /{code}/submittedreading (spec 2 §2.2): after blood pressure readings are sent to the practice.
 * The request is looked up as any request the viewer may see (someone else's id: not found).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { viewer, practice } = await requireMyHealth(request, context, params.practiceCode);
  const raw = new URL(request.url).searchParams.get("entry");
  if (raw === null) throw redirect(`/${practice.urlCode}/my-health`);
  const entry = await requireEntry(context, viewer, practice, raw);
  if (entry.stage === "created") throw redirect(`/${practice.urlCode}/my-health/blood-pressure`);
  return json({
    code: practice.urlCode,
    practiceName: practice.name,
    reference: requestReference(entry.id),
    entryId: entry.id,
    responseBy: responsePromise(await getOpeningHours(context.db, practice.id), entry.submittedAt ?? context.clock.now()),
  });
}

export default function SubmittedReading() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <div className="nhsuk-panel">
          <h1 className="nhsuk-panel__title">Readings sent</h1>
          <div className="nhsuk-panel__body">
            Your reference is
            <br />
            <strong>{data.reference}</strong>
          </div>
        </div>
        <h2>What happens next</h2>
        <p>
          {data.practiceName} will look at your blood pressure readings and reply by {data.responseBy} (the end of the next working day).
        </p>
        <p>
          You can see the request and any reply in <a href={`/${data.code}/chat/${data.entryId}`}>your requests and messages</a>.
        </p>
        <p>
          <a href={`/${data.code}/my-health/blood-pressure`}>Back to blood pressure</a>
        </p>
        <p>
          If you feel unwell while you wait, call 111 or use <a href="https://111.nhs.uk/">NHS 111 online</a>. Call 999 in an emergency.
        </p>
      </div>
    </div>
  );
}
