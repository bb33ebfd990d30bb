import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { dayLabel } from "~/domain/practices/opening-hours";
import { findPracticeByCode, getOpeningHours, SPECIAL_PRACTICE_CODES } from "~/domain/practices/practices.server";
import { notFound } from "~/web/responses.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: (data: { practice?: { name: string } } | undefined) => data?.practice?.name ?? "Practice", hydrate: false } satisfies PageHandle;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const code = params.practiceCode ?? "";
  const practice = SPECIAL_PRACTICE_CODES.has(code.toLowerCase()) ? null : await findPracticeByCode(context.db, code);
  if (!practice) throw notFound();
  const hours = await getOpeningHours(context.db, practice.id);
  return json({
    practice: {
      name: practice.name,
      urlCode: practice.urlCode,
      address: [practice.addressLine1, practice.town, practice.postcode].filter(Boolean).join(", "),
      phone: practice.phone,
    },
    hours,
  });
}

export default function PracticeLanding() {
  const { practice, hours } = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>{practice.name}</h1>
        <p className="nhsuk-lede-text">Contact {practice.name} online.</p>
        <a className="nhsuk-action-link" href={`/${practice.urlCode}/login`}>
          <svg className="nhsuk-icon nhsuk-icon--arrow-right-circle" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="16" height="16" focusable="false" aria-hidden="true">
            <path d="M12 2a10 10 0 0 0-10 9h11.7l-4-4a1 1 0 0 1 1.5-1.4l5.6 5.7a1 1 0 0 1 0 1.4l-5.6 5.7a1 1 0 0 1-1.5 0 1 1 0 0 1 0-1.4l4-4H2A10 10 0 1 0 12 2z" />
          </svg>
          <span className="nhsuk-action-link__text">Sign in to send a request</span>
        </a>
        <ul className="nhsuk-list">
          <li>
            <a href={`/practice/${practice.urlCode}/register`}>Create an account</a> if you are registered at this practice
          </li>
          <li>
            <a href={`/practice/${practice.urlCode}/carer/register`}>Create a carer account</a> to contact the practice for
            someone you care for
          </li>
          <li>
            <a href={`/practice/${practice.urlCode}/continue-as-guest`}>Continue without an account</a>
          </li>
          <li>
            <a href={`/practice/${practice.urlCode}/verification`}>How {practice.name} checks who you are</a>
          </li>
        </ul>
        {practice.address ? <p>{practice.address}</p> : null}
        {practice.phone ? (
          <p>
            Telephone: <a href={`tel:${practice.phone.replace(/\s+/g, "")}`}>{practice.phone}</a>
          </p>
        ) : null}
        <h2>Opening hours</h2>
        <table className="nhsuk-table">
          <caption className="nhsuk-table__caption nhsuk-u-visually-hidden">Opening hours of {practice.name}</caption>
          <thead className="nhsuk-table__head">
            <tr className="nhsuk-table__row">
              <th scope="col" className="nhsuk-table__header">
                Day
              </th>
              <th scope="col" className="nhsuk-table__header">
                Hours
              </th>
            </tr>
          </thead>
          <tbody className="nhsuk-table__body">
            {hours.map((h) => (
              <tr className="nhsuk-table__row" key={h.day}>
                <th scope="row" className="nhsuk-table__header">
                  {dayLabel(h.day)}
                </th>
                <td className="nhsuk-table__cell">{h.closed ? "Closed" : `${h.opens} to ${h.closes}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
