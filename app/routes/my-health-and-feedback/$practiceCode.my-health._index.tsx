import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BAND_LABELS, bandOf } from "~/domain/my-health/blood-pressure";
import { listReadings } from "~/domain/my-health/readings.server";
import { formatLondonDateTime } from "~/domain/time/london";
import { requireMyHealth } from "~/web/my-health/access.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "My health", hydrate: false } satisfies PageHandle;

/**
 * /{code}/my-health (spec 2 §2.9): the health records a patient keeps for their practice, for
 * themself and each person they care for; today blood pressure, with the latest reading.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, subjects } = await requireMyHealth(request, context, params.practiceCode);
  const people = await Promise.all(
    subjects.map(async (s) => {
      const readings = await listReadings(context.db, practice.id, s.patientId);
      const latest = readings[readings.length - 1];
      return {
        patientId: s.patientId,
        name: `${s.firstName} ${s.lastName}`,
        myself: s.relation === "myself",
        count: readings.length,
        unsent: readings.filter((r) => !r.sent).length,
        latest: latest ? { text: `${latest.systolic}/${latest.diastolic} mmHg on ${formatLondonDateTime(latest.takenAt)}`, band: BAND_LABELS[bandOf(latest)] } : null,
      };
    }),
  );
  return json({ code: practice.urlCode, practiceName: practice.name, people });
}

export default function MyHealth() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>My health</h1>
        <p>Keep a record of readings you take at home and send them to {data.practiceName} when they ask for them.</p>
        {data.people.map((p) => {
          const href = `/${data.code}/my-health/blood-pressure${p.myself ? "" : `?patient=${p.patientId}`}`;
          return (
            <div className="nhsuk-card nhsuk-card--clickable" key={p.patientId}>
              <div className="nhsuk-card__content">
                <h2 className="nhsuk-card__heading nhsuk-heading-m">
                  <a className="nhsuk-card__link" href={href}>
                    {p.myself ? "Blood pressure" : `Blood pressure: ${p.name}`}
                  </a>
                </h2>
                <p className="nhsuk-card__description">
                  {p.latest ? `Latest reading ${p.latest.text} (${p.latest.band}).` : "No readings yet."}
                  {p.unsent > 0 ? ` ${p.unsent} not sent to the practice yet.` : ""}
                </p>
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
