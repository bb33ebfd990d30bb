import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/requests/Pagination";
import { practice_admin } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { parsePage } from "~/domain/practices/settings";
import { PAGE_SIZE, practicesAdministered } from "~/domain/practices/settings.server";

export const handle = { title: "My practices" };

/**
 * /practices (spec 3 §2): where a practice admin lands. The practices I administer (a system
 * admin: every practice, 20 a page), each with its setup state and the links to run it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = await requireViewer(request, context, [practice_admin]);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const isSystemAdmin = viewer.globalRoles.has("admin");
  const { total, practices } = await practicesAdministered(context.db, { userId: viewer.userId, isSystemAdmin }, page, context.clock.now());
  return json({ isSystemAdmin, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)), total, practices });
}

function State({ done, yes, no }: { done: boolean; yes: string; no: string }) {
  return done ? <strong className="nhsuk-tag nhsuk-tag--green">{yes}</strong> : <strong className="nhsuk-tag nhsuk-tag--grey">{no}</strong>;
}

export default function MyPractices() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-full">
        <h1>{data.isSystemAdmin ? "Practices" : "My practices"}</h1>
        {data.practices.length === 0 ? <p>You do not administer any practices.</p> : null}
        {data.isSystemAdmin && data.total > 0 ? <p>{data.total} practices.</p> : null}
        <ul className="nhsuk-list">
          {data.practices.map((p) => (
            <li key={p.id} className="nhsuk-card">
              <div className="nhsuk-card__content">
                <h2 className="nhsuk-card__heading nhsuk-heading-m">{p.name}</h2>
                <p className="nhsuk-body-s">Practice code: {p.urlCode}</p>
                <dl className="nhsuk-summary-list">
                  <div className="nhsuk-summary-list__row">
                    <dt className="nhsuk-summary-list__key">Opening hours</dt>
                    <dd className="nhsuk-summary-list__value">
                      <State done={p.hoursSet} yes="Set" no="Not set: the default hours apply" />
                    </dd>
                  </div>
                  <div className="nhsuk-summary-list__row">
                    <dt className="nhsuk-summary-list__key">Staff</dt>
                    <dd className="nhsuk-summary-list__value">
                      <State done={p.staffInvited} yes="Invited" no="No staff invited yet" />
                    </dd>
                  </div>
                  <div className="nhsuk-summary-list__row">
                    <dt className="nhsuk-summary-list__key">Setup</dt>
                    <dd className="nhsuk-summary-list__value">
                      <State done={p.setupConfirmed} yes="Confirmed" no="Not confirmed" />
                    </dd>
                  </div>
                  <div className="nhsuk-summary-list__row">
                    <dt className="nhsuk-summary-list__key">Features on</dt>
                    <dd className="nhsuk-summary-list__value">{p.features.length ? p.features.join(", ") : "None"}</dd>
                  </div>
                </dl>
                <ul className="nhsuk-list">
                  {p.urlCode.toLowerCase() !== "aitesting" ? (
                    <li>
                      <a href={`/practices/edit/${p.urlCode}`}>
                        Edit practice<span className="nhsuk-u-visually-hidden"> {p.name}</span>
                      </a>
                    </li>
                  ) : null}
                  <li>
                    <a href={`/practice/${p.urlCode}/manage-staff`}>
                      Manage staff<span className="nhsuk-u-visually-hidden"> of {p.name}</span>
                    </a>
                  </li>
                  <li>
                    <a href={`/practices/online-resources/${p.urlCode}`}>
                      Online resources<span className="nhsuk-u-visually-hidden"> for {p.name}</span>
                    </a>
                  </li>
                </ul>
              </div>
            </li>
          ))}
        </ul>
        <Pagination page={data.page} pageCount={data.pageCount} hrefFor={(n) => (n === 1 ? "/practices" : `/practices?page=${n}`)} label="Pages of practices" />
      </div>
    </div>
  );
}
