import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageColumn } from "~/components/online-services/Confirmations";
import { requireOnlineServices } from "~/web/online-services/access.server";
import { getOpeningHours } from "~/domain/practices/practices.server";
import { closedEntryPath, confirmationPath, requireEntry } from "~/domain/requests/journey.server";
import { requireEntryAuthor } from "~/web/requests/draft-step.server";
import { requestReference } from "~/domain/requests/reference";
import { responsePromise } from "~/domain/requests/response-promise";
import type { PageHandle } from "~/components/hydration";

// What was sent and what happens next: nothing for React to do (decision 0145).
export const handle = {
  title: (data: { kind: string } | undefined) => (data?.kind === "prescription" ? "Prescription request sent" : "Request sent"),
  hydrate: false,
} satisfies PageHandle;

/**
 * /{practice_code}/submitted: after a request is sent (spec 2 §2.2: its reference, when the
 * practice will reply, what happens next), or after a prescription order (spec 2 §2.6,
 * ?kind=prescription&id=…).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get("kind") === "prescription") {
    const access = await requireOnlineServices(request, context, { feature: "prescriptions", practiceCode: params.practiceCode });
    const id = url.searchParams.get("id");
    return json({
      kind: "prescription" as const,
      practiceName: access.practice.name,
      prescriptionId: id && /^[A-Za-z0-9-]{1,40}$/.test(id) ? id : null,
    });
  }
  const { viewer, practice } = await requireEntryAuthor(request, context, params.practiceCode);
  const raw = url.searchParams.get("entry");
  if (raw === null) throw redirect(`/${practice.urlCode}/my-requests-and-messages`);
  const entry = await requireEntry(context, viewer, practice, raw);
  if (entry.stage === "created") throw redirect(confirmationPath(practice.urlCode, entry.id));
  if (entry.stage === "cancelled") throw redirect(closedEntryPath(practice.urlCode, entry));
  if (entry.requester === "staff") throw redirect(`/${practice.urlCode}/submitted/${entry.id}`);
  const submittedAt = entry.submittedAt ?? context.clock.now();
  return json({
    kind: "request" as const,
    practice: { name: practice.name, urlCode: practice.urlCode },
    reference: requestReference(entry.id),
    entryId: entry.id,
    responseBy: responsePromise(await getOpeningHours(context.db, practice.id), submittedAt),
  });
}

export default function Submitted() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "prescription") return <PrescriptionSent practiceName={data.practiceName} prescriptionId={data.prescriptionId} />;
  const code = data.practice.urlCode;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <div className="nhsuk-panel">
          <h1 className="nhsuk-panel__title">Request sent</h1>
          <div className="nhsuk-panel__body">
            Your reference is
            <br />
            <strong>{data.reference}</strong>
          </div>
        </div>
        <h2>What happens next</h2>
        <p>
          {data.practice.name} will reply by {data.responseBy} (the end of the next working day).
        </p>
        <p>We have sent you a confirmation. We will tell you by email or text message when the practice replies.</p>
        <p>
          You can see your request and any replies in <a href={`/${code}/my-requests-and-messages`}>your requests and messages</a>.
        </p>
        <p>
          If you feel worse while you wait, call 111 or use <a href="https://111.nhs.uk/">NHS 111 online</a>. Call 999 in an emergency.
        </p>
      </div>
    </div>
  );
}

function PrescriptionSent({ practiceName, prescriptionId }: { practiceName: string; prescriptionId: string | null }) {
  return (
    <PageColumn>
      <div className="nhsuk-panel">
        <h1 className="nhsuk-panel__title">Prescription request sent</h1>
        <div className="nhsuk-panel__body">Your prescription request has been sent to {practiceName}.</div>
      </div>
      <p>Your practice will let you know when your medication is ready.</p>
      {prescriptionId ? (
        <p>
          <a className="nhsuk-link" href={`/prescriptions/details/${prescriptionId}`}>
            View or cancel this request
          </a>
        </p>
      ) : null}
      <p>
        <a className="nhsuk-link" href="/prescriptions">
          Back to repeat medication
        </a>
      </p>
    </PageColumn>
  );
}
