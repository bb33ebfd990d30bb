import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Pagination } from "~/components/requests/Pagination";
import { ccg_admin } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { ccgPractices, PAGE_SIZE } from "~/domain/practices/settings.server";
import { formatLondonDateTime } from "~/domain/time/london";
import { parsePage } from "~/domain/practices/settings";

export const handle = { title: "Place portal" };

/**
 * /ccg-portal (spec 3 §2): the regional group's practices (users.ccg_id → practices.ccg_id),
 * searched by name or code, 20 a page, each with its current and upcoming exceptional
 * closures (decision 0074). Also at /ccg-portal/practices (app/route-table.mjs): the same list;
 * the reports across the group are at /ccg-portal/reports, one practice's at
 * /ccg-portal/practice/{code}/reports (issue "reports").
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = await requireViewer(request, context, [ccg_admin]);
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").slice(0, 100);
  const page = parsePage(url.searchParams.get("page"));
  const now = context.clock.now();
  const result = await ccgPractices(context.db, viewer.userId, search, page, now);
  return json({
    ccgName: result.ccgName,
    search,
    page,
    total: result.total,
    pageCount: Math.max(1, Math.ceil(result.total / PAGE_SIZE)),
    practices: result.practices.map((p) => ({
      id: p.id,
      name: p.name,
      urlCode: p.urlCode,
      odsCode: p.odsCode,
      closures: p.closures.map((c) => ({
        id: c.id,
        starts: formatLondonDateTime(c.startsAt),
        ends: formatLondonDateTime(c.endsAt),
        inForce: c.startsAt <= now,
        reason: c.reason,
        alternative: c.alternative,
      })),
    })),
  });
}

export default function PlacePortal() {
  const data = useLoaderData<typeof loader>();
  const base = useLocation().pathname === "/ccg-portal/practices" ? "/ccg-portal/practices" : "/ccg-portal";
  const query = (n: number) => {
    const q = new URLSearchParams();
    if (data.search) q.set("search", data.search);
    if (n > 1) q.set("page", String(n));
    const s = q.toString();
    return s ? `${base}?${s}` : base;
  };
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-full">
        {data.ccgName ? <span className="nhsuk-caption-l">{data.ccgName}</span> : null}
        <h1>Place portal</h1>
        {!data.ccgName ? <p>Your account is not linked to a regional group yet. Ask a system administrator to link it.</p> : null}
        {data.ccgName ? (
          <p>
            <a href="/ccg-portal/reports">Reports across the group</a>: compare the group&apos;s practices side by side.
          </p>
        ) : null}
        <form method="get" action={base} role="search">
          <div className="nhsuk-form-group">
            <label className="nhsuk-label" htmlFor="search">
              Search practices by name or code
            </label>
            <input className="nhsuk-input nhsuk-input--width-20" id="search" name="search" type="search" defaultValue={data.search} />
          </div>
          <button className="nhsuk-button nhsuk-button--secondary" type="submit">
            Search
          </button>
        </form>
        <h2>Practices</h2>
        <p>
          {data.total === 0 ? "No practices found" : `${data.total} ${data.total === 1 ? "practice" : "practices"}`}
          {data.search ? ` matching "${data.search}"` : ""}.
        </p>
        {data.practices.length > 0 ? (
          <table className="nhsuk-table">
            <thead className="nhsuk-table__head">
              <tr>
                <th scope="col">Practice</th>
                <th scope="col">Code</th>
                <th scope="col">Exceptional closures (current and upcoming)</th>
                <th scope="col">Reports</th>
              </tr>
            </thead>
            <tbody className="nhsuk-table__body">
              {data.practices.map((p) => (
                <tr key={p.id}>
                  <td>{p.name}</td>
                  <td>
                    {p.urlCode}
                    {p.odsCode ? ` (ODS ${p.odsCode})` : ""}
                  </td>
                  <td>
                    {p.closures.length === 0 ? (
                      "None"
                    ) : (
                      <ul className="nhsuk-list">
                        {p.closures.map((c) => (
                          <li key={c.id}>
                            {c.inForce ? <strong className="nhsuk-tag nhsuk-tag--orange">In force</strong> : null} {c.starts} to {c.ends}: {c.reason}.
                            Instead: {c.alternative}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>
                    <a href={`/ccg-portal/practice/${p.urlCode}/reports`}>
                      Report<span className="nhsuk-u-visually-hidden"> for {p.name}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <Pagination page={data.page} pageCount={data.pageCount} hrefFor={query} label="Pages of practices" />
      </div>
    </div>
  );
}
