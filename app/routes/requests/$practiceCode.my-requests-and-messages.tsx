import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/requests/Pagination";
import { StatusTag } from "~/components/requests/StatusTag";
import { nogp, patient } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { listMyRequests, pageFromQuery } from "~/domain/requests/my-requests.server";
import type { PageHandle } from "~/components/hydration";

// A list with page links: nothing for React to do (decision 0145).
export const handle = { title: "My requests and messages", hydrate: false } satisfies PageHandle;

/**
 * The user's requests at this practice and those of the people they care for (spec 2 §2.1),
 * newest first, 20 a page with plain ?page= links. The query is scoped in the domain
 * (entryScope): nothing here decides who sees what.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { viewer, practice } = await requireViewer(request, context, [nogp, patient], { practiceCode: params.practiceCode });
  const page = pageFromQuery(new URL(request.url).searchParams.get("page"));
  const list = await listMyRequests(context.db, { userId: viewer.userId, practiceId: practice!.id, page });
  return json({
    practiceCode: practice!.urlCode,
    ...list,
    // The "For" column matters only to someone who writes for others too.
    showForWhom: viewer.dependentCount > 0 || list.rows.some((r) => r.forWhom.relation === "dependent"),
  });
}

export default function MyRequests() {
  const data = useLoaderData<typeof loader>();
  const base = `/${data.practiceCode}/my-requests-and-messages`;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-full">
        <h1>My requests and messages</h1>
        {data.total === 0 ? (
          <>
            <p>You have not sent any requests to your GP practice yet.</p>
            <p>
              <a className="nhsuk-button" href={`/${data.practiceCode}/message`}>
                Make a request
              </a>
            </p>
          </>
        ) : (
          <>
            <p>
              <a href={`/${data.practiceCode}/message`}>Make a request</a>
            </p>
            <table className="nhsuk-table-responsive">
              <caption className="nhsuk-table__caption nhsuk-u-visually-hidden">
                Your requests, newest first
                {data.pageCount > 1 ? ` (page ${data.page} of ${data.pageCount})` : ""}
              </caption>
              <thead className="nhsuk-table__head" role="rowgroup">
                <tr className="nhsuk-table__row" role="row">
                  <th className="nhsuk-table__header" scope="col" role="columnheader">
                    Request
                  </th>
                  {data.showForWhom ? (
                    <th className="nhsuk-table__header" scope="col" role="columnheader">
                      For
                    </th>
                  ) : null}
                  <th className="nhsuk-table__header" scope="col" role="columnheader">
                    About
                  </th>
                  <th className="nhsuk-table__header" scope="col" role="columnheader">
                    Date sent
                  </th>
                  <th className="nhsuk-table__header" scope="col" role="columnheader">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="nhsuk-table__body">
                {data.rows.map((row) => (
                  <tr className="nhsuk-table__row" role="row" key={row.id}>
                    <td className="nhsuk-table__cell" role="cell">
                      <span className="nhsuk-table-responsive__heading" aria-hidden="true">
                        Request{" "}
                      </span>
                      <a href={`/${data.practiceCode}/chat/${row.id}`}>
                        {row.reference}
                        <span className="nhsuk-u-visually-hidden">: {row.issueTypeName}</span>
                      </a>
                    </td>
                    {data.showForWhom ? (
                      <td className="nhsuk-table__cell" role="cell">
                        <span className="nhsuk-table-responsive__heading" aria-hidden="true">
                          For{" "}
                        </span>
                        {row.forWhom.relation === "myself" ? "You" : row.forWhom.name}
                      </td>
                    ) : null}
                    <td className="nhsuk-table__cell" role="cell">
                      <span className="nhsuk-table-responsive__heading" aria-hidden="true">
                        About{" "}
                      </span>
                      {row.issueTypeName}
                    </td>
                    <td className="nhsuk-table__cell" role="cell">
                      <span className="nhsuk-table-responsive__heading" aria-hidden="true">
                        Date sent{" "}
                      </span>
                      {row.sentOn ?? "Not sent"}
                    </td>
                    <td className="nhsuk-table__cell" role="cell">
                      <span className="nhsuk-table-responsive__heading" aria-hidden="true">
                        Status{" "}
                      </span>
                      <StatusTag status={row.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pagination page={data.page} pageCount={data.pageCount} hrefFor={(n) => (n === 1 ? base : `${base}?page=${n}`)} />
          </>
        )}
      </div>
    </div>
  );
}
