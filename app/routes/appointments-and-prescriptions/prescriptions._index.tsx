import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { DialogLink } from "~/components/DialogLink";
import { ProblemPanel } from "~/components/online-services/Panels";
import { StartAgainConfirmation } from "~/components/online-services/Prescriptions";
import type { GpCourse } from "~/domain/gp-system/gp-system";
import { requireOnlineServices } from "~/web/online-services/access.server";
import { failureMessage } from "~/domain/online-services/errors.server";
import { orNoInformation } from "~/domain/online-services/format";
import {
  mergeSelection,
  pageOf,
  parseTableQuery,
  sortCourses,
  tableQueryString,
  type SortKey,
  type TableQuery,
} from "~/domain/online-services/medication-table";
import { ONLINE_SERVICES } from "~/domain/online-services/messages";
import { clearSelection, prescriptionView, readSelection, writeSelection, type PrescriptionView } from "~/domain/online-services/prescriptions.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Order repeat medication", hydrate: false } satisfies PageHandle;
export const headers = () => ({ "Cache-Control": "private, no-store" });

type Row = { courseId: string; name: string; dosage: string; selected: boolean };

/** /prescriptions (spec 2 §2.6): the medication table, with the selection kept on the server. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireOnlineServices(request, context, { feature: "prescriptions" });
  const query = parseTableQuery(new URL(request.url).searchParams);
  const empty = { practiceCode: access.practice.urlCode, query, pageCount: 1, total: 0, rows: [] as Row[], selected: [] as { courseId: string; name: string }[], requests: [] as PrescriptionView[] };
  const courses = await context.gpSystem.courses(access.patient);
  if (!courses.ok) {
    const failure = failureMessage(courses.error, "courses");
    return json({ ...empty, failure: failure.message }, { status: failure.status });
  }
  const selection = await readSelection(context.db, access.patient.patientId);
  const paged = pageOf(sortCourses(courses.value, query.sort, query.dir), query.page);
  const requests = await context.gpSystem.prescriptionRequests(access.patient);
  return json({
    ...empty,
    failure: null,
    query: { ...query, page: paged.page },
    pageCount: paged.pageCount,
    total: courses.value.length,
    rows: paged.rows.map((c) => ({ courseId: c.courseId, name: c.name, dosage: orNoInformation(c.dosage), selected: selection.has(c.courseId) })),
    selected: sortCourses(courses.value.filter((c) => selection.has(c.courseId)), "name", "asc").map((c) => ({ courseId: c.courseId, name: c.name })),
    requests: requests.ok ? requests.value.map((r) => prescriptionView(r, access.flavour)) : [],
  });
}

/**
 * Every button of the table posts the ticks of the page shown first (shown = the page's
 * course ids, select-{id} = a ticked one), then: Submit orders, Update selection stays,
 * the sort and page buttons move on (view = the table state to show).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireOnlineServices(request, context, { feature: "prescriptions" });
  const query = parseTableQuery(new URL(request.url).searchParams);
  const form = await request.formData();
  const courses = await context.gpSystem.courses(access.patient);
  if (!courses.ok) {
    const failure = failureMessage(courses.error, "courses");
    return json({ errors: [failure.message], kind: "server" as const }, { status: failure.status });
  }
  const valid = new Set(courses.value.map((c) => c.courseId));
  const shown = String(form.get("shown") ?? "").split(",").filter(Boolean);
  const ticked = shown.filter((id) => form.get(`select-${id}`) !== null);
  const selection = mergeSelection(await readSelection(context.db, access.patient.patientId), shown, ticked, valid);
  await writeSelection(context.db, access.patient.patientId, selection);

  const view = form.get("view");
  if (typeof view === "string") return redirect(`/prescriptions${tableQueryString(parseTableQuery(new URLSearchParams(view)))}`, { status: 303 });
  if (form.get("intent") !== "submit") return redirect(`/prescriptions${tableQueryString(query)}`, { status: 303 });

  const chosen = sortCourses(courses.value.filter((c: GpCourse) => selection.has(c.courseId)), "name", "asc").map((c) => c.courseId);
  if (chosen.length === 0) return json({ errors: [ONLINE_SERVICES.selectAtLeastOne], kind: "selection" as const }, { status: 400 });
  const ordered = await context.gpSystem.requestPrescription(access.patient, chosen);
  if (!ordered.ok) {
    const failure = failureMessage(ordered.error, "change");
    return json({ errors: [failure.message], kind: "server" as const }, { status: failure.status });
  }
  await clearSelection(context.db, access.patient.patientId);
  const to = `/${access.practice.urlCode}/submitted?${new URLSearchParams({ kind: "prescription", id: ordered.value.prescriptionId })}`;
  return redirect(to, { status: 303 });
}

/** The table state a sort button asks for: the other direction on the current column. */
function sortTarget(query: TableQuery, column: SortKey): string {
  const dir = query.sort === column && query.dir === "asc" ? "desc" : "asc";
  return `page=1&sort=${column}&dir=${dir}`;
}

/** Plain strings (the values are known words and numbers): no URLSearchParams in old browsers. */
function pageTarget(query: TableQuery, page: number): string {
  return `page=${page}&sort=${query.sort}&dir=${query.dir}`;
}

function SortHeader({ query, column, label }: { query: TableQuery; column: SortKey; label: string }) {
  const current = query.sort === column;
  return (
    <th scope="col" className="nhsuk-table__header" aria-sort={current ? (query.dir === "asc" ? "ascending" : "descending") : "none"}>
      <button type="submit" name="view" value={sortTarget(query, column)} className="app-link-button app-table-header-upper">
        {label}
        <span className="nhsuk-u-visually-hidden">, sort {current && query.dir === "asc" ? "descending" : "ascending"}</span>
      </button>
    </th>
  );
}

export default function Prescriptions() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const selectionError = result?.kind === "selection" ? result.errors[0] : null;
  const serverError = result?.kind === "server" ? result.errors[0] : null;
  const firstBox = data.rows[0] ? `course-${data.rows[0].courseId}` : "maincontent";
  const { query } = data;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-full">
        <a className="nhsuk-back-link" href={`/${data.practiceCode}/online-services`}>
          Back to start
        </a>
        {data.failure ? <ProblemPanel message={data.failure} /> : null}
        {serverError ? <ProblemPanel message={serverError} /> : null}
        <ErrorSummary errors={selectionError ? [{ fieldId: firstBox, message: selectionError }] : []} />
        <h1>Order repeat medication</h1>
        {data.failure ? null : (
          <>
            <p>Select the medication you need, then select Submit. What you select is kept while you move between pages.</p>
            <p>
              <strong>{data.selected.length}</strong> {data.selected.length === 1 ? "medication" : "medications"} selected.
            </p>
            <PostForm>
              <input type="hidden" name="shown" value={data.rows.map((row) => row.courseId).join(",")} />
              <div className={`nhsuk-form-group${selectionError ? " nhsuk-form-group--error" : ""}`}>
                {selectionError ? (
                  <span className="nhsuk-error-message" id="selection-error">
                    <span className="nhsuk-u-visually-hidden">Error:</span> {selectionError}
                  </span>
                ) : null}
                <table className="nhsuk-table" aria-describedby={selectionError ? "selection-error" : undefined}>
                  <caption className="nhsuk-table__caption nhsuk-table__caption--m">
                    Your repeat medication
                    <span className="nhsuk-u-visually-hidden">
                      , page {query.page} of {data.pageCount}, sorted by {query.sort} {query.dir === "asc" ? "ascending" : "descending"}
                    </span>
                  </caption>
                  <thead className="nhsuk-table__head">
                    <tr className="nhsuk-table__row">
                      <SortHeader query={query} column="name" label="Name" />
                      <SortHeader query={query} column="dosage" label="Dosage" />
                      <th scope="col" className="nhsuk-table__header app-table-header-upper">
                        Select
                      </th>
                    </tr>
                  </thead>
                  <tbody className="nhsuk-table__body">
                    {data.rows.map((row) => (
                      <tr className="nhsuk-table__row" key={row.courseId}>
                        <td className="nhsuk-table__cell">{row.name}</td>
                        <td className="nhsuk-table__cell">{row.dosage}</td>
                        <td className="nhsuk-table__cell">
                          <div className="nhsuk-checkboxes">
                            <div className="nhsuk-checkboxes__item">
                              <input
                                key={`${row.courseId}-${row.selected}`}
                                className="nhsuk-checkboxes__input"
                                id={`course-${row.courseId}`}
                                name={`select-${row.courseId}`}
                                type="checkbox"
                                value="yes"
                                defaultChecked={row.selected}
                                aria-invalid={selectionError ? true : undefined}
                              />
                              <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={`course-${row.courseId}`}>
                                <span className="nhsuk-u-visually-hidden">Select {row.name}</span>
                              </label>
                            </div>
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {data.pageCount > 1 ? (
                <nav aria-label="Medication pages">
                  <ul className="app-pagination-buttons">
                    {query.page > 1 ? (
                      <li>
                        <button type="submit" name="view" value={pageTarget(query, query.page - 1)} className="app-link-button">
                          Previous page
                        </button>
                      </li>
                    ) : null}
                    {Array.from({ length: data.pageCount }, (_, i) => i + 1).map((n) => (
                      <li key={n}>
                        {n === query.page ? (
                          <span aria-current="page">Page {n}</span>
                        ) : (
                          <button type="submit" name="view" value={pageTarget(query, n)} className="app-link-button">
                            Page {n}
                          </button>
                        )}
                      </li>
                    ))}
                    {query.page < data.pageCount ? (
                      <li>
                        <button type="submit" name="view" value={pageTarget(query, query.page + 1)} className="app-link-button">
                          Next page
                        </button>
                      </li>
                    ) : null}
                  </ul>
                </nav>
              ) : null}
              <div className="nhsuk-button-group">
                <Button name="intent" value="submit">
                  Submit
                </Button>
                <Button variant="secondary" name="intent" value="update">
                  Update selection
                </Button>
              </div>
            </PostForm>
            <div className="nhsuk-u-margin-bottom-6">
              <DialogLink
                id="start-again-dialog"
                href="/prescriptions/start-again"
                className="nhsuk-link"
                labelledBy="start-again-title"
                dialog={<StartAgainConfirmation selected={data.selected} inDialog />}
              >
                Cancel and start new request
              </DialogLink>
            </div>
          </>
        )}
        {data.requests.length > 0 ? (
          <>
            <h2>Your prescription requests</h2>
            <ul className="nhsuk-list">
              {data.requests.map((r) => (
                <li key={r.prescriptionId}>
                  <a className="nhsuk-link" href={`/prescriptions/details/${r.prescriptionId}`}>
                    Requested on {r.dateRequested}: {r.courses.map((c) => c.name).join(", ")}
                  </a>{" "}
                  ({r.status})
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </div>
  );
}
