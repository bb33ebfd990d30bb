import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { dependentsHome, requireCarer } from "~/web/dependents/carer.server";
import { CARER_STATUS_LABELS, type ProxyLinkStatus } from "~/domain/dependents/proxy-links";
import { carerHomePracticeCode, carerLinks } from "~/domain/dependents/proxy-links.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "People I care for", hydrate: false } satisfies PageHandle;

const TAG_CLASS: Record<ProxyLinkStatus, string> = {
  pending: "nhsuk-tag nhsuk-tag--yellow",
  approved: "nhsuk-tag nhsuk-tag--green",
  declined: "nhsuk-tag nhsuk-tag--red",
  removed: "nhsuk-tag nhsuk-tag--grey",
};

/**
 * The people a carer has asked to act for, with each link's state (spec 2 §2.3). Only an
 * approved link offers anything to do: until the practice approves, the carer sees nothing
 * of the person's record but the name they typed (docs/decisions/0070). One screen at
 * /carer/dependents and /{code}/dependents (app/route-table.mjs).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { viewer, practice } = await requireCarer(request, context, params.practiceCode);
  const [links, home] = await Promise.all([carerLinks(context.db, viewer.userId), carerHomePracticeCode(context.db, viewer.userId)]);
  const homeCode = practice?.urlCode ?? home ?? links[0]?.practiceCode ?? null;
  return json({
    addHref: homeCode ? `${dependentsHome(practice?.urlCode)}/add` : null,
    links: links.map((l) => ({
      href: `/${l.practiceCode}/dependents/${l.id}`,
      id: l.id,
      name: `${l.firstName} ${l.lastName}`,
      practiceName: l.practiceName,
      relationship: l.relationship,
      status: l.status,
      note: l.status === "declined" || l.status === "removed" ? l.decisionNote : null,
      requestHref: l.status === "approved" ? `/${l.practiceCode}/message/carer/${l.id}` : null,
    })),
  });
}

export default function Dependents() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>People I care for</h1>
        {data.links.length === 0 ? <p>You have not asked to act for anyone yet.</p> : null}
        {data.links.some((l) => l.status === "pending") ? (
          <div className="nhsuk-inset-text">
            <span className="nhsuk-u-visually-hidden">Information: </span>
            <p>The practice checks each request before you can act for someone. You will get an email when they decide.</p>
          </div>
        ) : null}
        {data.links.length > 0 ? (
          <dl className="nhsuk-summary-list">
            {data.links.map((l) => (
              <div className="nhsuk-summary-list__row" key={l.id}>
                <dt className="nhsuk-summary-list__key">
                  <a href={l.href}>{l.name}</a>
                  {l.relationship ? <span className="nhsuk-u-font-weight-normal">{` (${l.relationship})`}</span> : null}
                </dt>
                <dd className="nhsuk-summary-list__value">
                  <strong className={TAG_CLASS[l.status]}>{CARER_STATUS_LABELS[l.status]}</strong>
                  <br />
                  {l.practiceName}
                  {l.note ? <p className="nhsuk-u-margin-top-2 nhsuk-u-margin-bottom-0">The practice said: {l.note}</p> : null}
                </dd>
                <dd className="nhsuk-summary-list__actions">
                  {l.requestHref ? (
                    <a href={l.requestHref}>
                      Make a request<span className="nhsuk-u-visually-hidden"> for {l.name}</span>
                    </a>
                  ) : null}
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        {data.addHref ? (
          <p>
            <a className="nhsuk-button" href={data.addHref}>
              Add someone you care for
            </a>
          </p>
        ) : null}
      </div>
    </div>
  );
}
