import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loggedinNotGuest } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { notFound } from "~/web/responses.server";
import { completedPractice } from "~/domain/practices/onboarding.server";

/** /practices/registration-complete/{token} (spec 3 §2): the practice is set up; what to do next. */
export const handle = { title: "Your practice is set up" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { viewer } = await requireViewer(request, context, [loggedinNotGuest]);
  // Only the practice's admins (and system admins) see it: anyone else gets page-not-found.
  const practice = await completedPractice(context.db, params.token ?? "", viewer.userId, viewer.globalRoles.has("admin"));
  if (!practice) throw notFound();
  return json({ practice: { name: practice.name, urlCode: practice.urlCode }, productName: context.config.productName });
}

export default function RegistrationComplete() {
  const { practice, productName } = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <div className="nhsuk-panel">
          <h1 className="nhsuk-panel__title">Your practice is set up</h1>
          <div className="nhsuk-panel__body">You are the practice administrator of {practice.name} on {productName}.</div>
        </div>
        <h2>What to do next</h2>
        <ol className="nhsuk-list nhsuk-list--number">
          <li>
            <a href={`/practices/edit/${practice.urlCode}`}>Set your opening hours and practice settings</a>. The practice starts open
            Monday to Friday, 08:00 to 18:30.
          </li>
          <li>
            <a href={`/practice/${practice.urlCode}/manage-staff`}>Invite your staff</a>: GPs, receptionists and other practice
            administrators.
          </li>
        </ol>
        <p>
          Patients will find the practice at <strong>/{practice.urlCode}</strong>.
        </p>
        <p>
          <a href="/practices">Go to my practices</a>
        </p>
      </div>
    </div>
  );
}
