import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { mayUseClinicalRequests } from "~/domain/nhs-login/rules";
import { isStopped, StoppedView, stoppedTitle } from "~/components/requests/StartSteps";
import { requireAppPatient } from "~/web/requests/nhs-app-pages.server";
import { appPageChecks, stoppedResponse } from "~/web/requests/start-step.server";
import type { PageHandle } from "~/components/hydration";

const TITLE = "Before you ask for medical help";
export const handle = { title: (data: unknown) => stoppedTitle(data, TITLE), hydrate: false } satisfies PageHandle;

/**
 * The NHS App's emergency warning (spec 2 §2.4): the advice page before a clinical request,
 * saying when to call 999 or 111 instead. A P5 session sends admin requests only (decision 0081).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { viewer } = await requireAppPatient(request, context, params.practiceCode);
  const { practice, stop } = await appPageChecks(request, context, params.practiceCode);
  if (stop) return stoppedResponse(practice, stop);
  if (!mayUseClinicalRequests(viewer.session.nhsLoginLevel)) throw redirect(`/${practice.urlCode}/admin-hub`);
  return json({ practice: { name: practice.name, urlCode: practice.urlCode } });
}

export default function EmergencyWarning() {
  const data = useLoaderData<typeof loader>();
  if (isStopped(data)) return <StoppedView data={data} />;
  const { practice } = data;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <span className="nhsuk-caption-l">{practice.name}</span>
        <h1>{TITLE}</h1>
        <div className="nhsuk-card nhsuk-card--care nhsuk-card--care--emergency">
          <div className="nhsuk-card__heading-container">
            <h2 className="nhsuk-card__heading">
              <span role="text">
                <span className="nhsuk-u-visually-hidden">Immediate action required: </span>
                Call 999 or go to A&amp;E now if you have
              </span>
            </h2>
            <span className="nhsuk-card--care__arrow" aria-hidden="true"></span>
          </div>
          <div className="nhsuk-card__content">
            <ul>
              <li>chest pain or pressure, or pain that spreads to your arms, back, neck or jaw</li>
              <li>severe difficulty breathing, or choking</li>
              <li>face drooping, weakness in an arm or leg, or difficulty speaking</li>
              <li>heavy bleeding that will not stop</li>
              <li>fainting, a seizure (fit), or are hard to wake</li>
              <li>thoughts of ending your life</li>
            </ul>
          </div>
        </div>
        <p>
          If you need medical help today, use <a href="https://111.nhs.uk/">NHS 111 online</a> or call 111.
        </p>
        <p>Otherwise, tell {practice.name} what you need and they will reply.</p>
        <a className="nhsuk-button" href={`/${practice.urlCode}/clinical-request`}>
          Continue
        </a>
      </div>
    </div>
  );
}
