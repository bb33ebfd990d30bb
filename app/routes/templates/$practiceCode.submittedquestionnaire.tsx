import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { findPracticeByCode } from "~/domain/practices/practices.server";
import { notFound } from "~/web/responses.server";

/** /{code}/submittedquestionnaire (spec 2 §2.2): shown after a questionnaire's answers are sent. */
export const handle = { title: "Answers sent" };

export async function loader({ context, params }: LoaderFunctionArgs) {
  const practice = await findPracticeByCode(context.db, params.practiceCode ?? "");
  if (!practice) throw notFound();
  return json({ practiceName: practice.name });
}

export default function SubmittedQuestionnaire() {
  const { practiceName } = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <div className="nhsuk-panel">
          <h1 className="nhsuk-panel__title">Answers sent</h1>
          <div className="nhsuk-panel__body">{practiceName} has your answers.</div>
        </div>
        <p>The practice will read them with your request and contact you if they need anything else.</p>
      </div>
    </div>
  );
}
