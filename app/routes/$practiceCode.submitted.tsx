import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageColumn } from "~/components/online-services/Confirmations";
import { loggedin } from "~/domain/auth/guards";
import { requireViewer } from "~/domain/auth/guards.server";
import { requireOnlineServices } from "~/domain/online-services/access.server";

export const handle = { title: "Submitted" };

/**
 * /{practice_code}/submitted: shown after a submission. The prescription order (spec 2
 * §2.6) comes here with ?kind=prescription&id=…; the request journey shares this page
 * (to be merged with its own version).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get("kind") === "prescription") {
    const access = await requireOnlineServices(request, context, { feature: "prescriptions", practiceCode: params.practiceCode });
    const id = url.searchParams.get("id");
    return json({ kind: "prescription" as const, practiceName: access.practice.name, prescriptionId: id && /^[A-Za-z0-9-]{1,40}$/.test(id) ? id : null });
  }
  const { practice } = await requireViewer(request, context, [loggedin], { practiceCode: params.practiceCode });
  return json({ kind: "request" as const, practiceName: practice?.name ?? "", prescriptionId: null });
}

export default function Submitted() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "prescription") {
    return (
      <PageColumn>
        <div className="nhsuk-panel">
          <h1 className="nhsuk-panel__heading">Prescription request sent</h1>
          <div className="nhsuk-panel__body">Your prescription request has been sent to {data.practiceName}.</div>
        </div>
        <p>Your practice will let you know when your medication is ready.</p>
        {data.prescriptionId ? (
          <p>
            <a className="nhsuk-link" href={`/prescriptions/details/${data.prescriptionId}`}>
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
  return (
    <PageColumn>
      <div className="nhsuk-panel">
        <h1 className="nhsuk-panel__heading">Request sent</h1>
        <div className="nhsuk-panel__body">Your request has been sent to {data.practiceName}.</div>
      </div>
    </PageColumn>
  );
}
