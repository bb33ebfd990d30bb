import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Table } from "~/components/Table";
import { agreementRates, roleLabel, urgencyName } from "~/domain/integrations/ai-triage";
import { completedReviews } from "~/domain/integrations/ai-testing.server";
import { requestReference } from "~/domain/requests/reference";
import { formatDate } from "~/validation/dates";
import { requireResultsViewer } from "~/web/integrations/aitesting.server";

export const handle = { title: "Completed reviews" };

/** /aitesting/completed: the reviews done, with how often the suggestion was agreed. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { scope } = await requireResultsViewer(request, context);
  const rows = await completedReviews(context.db, scope);
  const url = new URL(request.url);
  return json({
    everyone: scope.reviewerId === null,
    done: url.searchParams.get("done") === "1",
    rates: agreementRates(rows),
    rows: rows.map((r) => ({
      id: r.id,
      reference: requestReference(r.patientEntryId),
      reviewer: r.reviewer,
      suggested: `${urgencyName(r.suggestedUrgencyId)}, ${roleLabel(r.suggestedRole)}`,
      answer: r.agreed ? "Agreed" : `Corrected to ${urgencyName(r.correctedUrgencyId)}, ${roleLabel(r.correctedRole)}`,
      completed: r.completedAt ? formatDate(r.completedAt) : "",
    })),
  });
}

const rate = (value: number | null) => (value === null ? "No reviews yet" : `${value}%`);

export default function Completed() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Completed reviews</h1>
      {data.done ? (
        <div className="nhsuk-inset-text" role="status">
          <p>There are no more requests to review. Thank you.</p>
        </div>
      ) : null}
      {!data.everyone ? (
        <p>
          <a href="/aitesting/redirect">Review the next request</a>
        </p>
      ) : null}
      <h2>Agreement</h2>
      <dl className="nhsuk-summary-list" data-testid="agreement-rates">
        {[
          ["Reviews completed", String(data.rates.reviewed)],
          ["Suggestions agreed", rate(data.rates.overall)],
          ["Urgency agreed", rate(data.rates.urgency)],
          ["Role agreed", rate(data.rates.role)],
        ].map(([key, value]) => (
          <div className="nhsuk-summary-list__row" key={key}>
            <dt className="nhsuk-summary-list__key">{key}</dt>
            <dd className="nhsuk-summary-list__value">{value}</dd>
          </div>
        ))}
      </dl>
      {data.rows.length > 0 ? (
        <Table caption="Reviews" columns={data.everyone ? ["Request", "Reviewer", "Suggested", "Answer", "Completed"] : ["Request", "Suggested", "Answer", "Completed"]}>
          {data.rows.map((r) => (
            <tr className="nhsuk-table__row" key={r.id}>
              <td className="nhsuk-table__cell">{r.reference}</td>
              {data.everyone ? <td className="nhsuk-table__cell">{r.reviewer}</td> : null}
              <td className="nhsuk-table__cell">{r.suggested}</td>
              <td className="nhsuk-table__cell">{r.answer}</td>
              <td className="nhsuk-table__cell">{r.completed}</td>
            </tr>
          ))}
        </Table>
      ) : (
        <p>No reviews completed yet.</p>
      )}
    </>
  );
}
