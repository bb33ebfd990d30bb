import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Table } from "~/components/Table";
import { loggedinNotGuest, patient } from "~/domain/auth/guards";
import { MEDICAL_RECORD_MESSAGES, recordView } from "~/domain/my-health/medical-record";
import { myPatientRecord } from "~/domain/patients/my-details.server";
import { permissionDeniedPath, requireViewer } from "~/web/auth/guards.server";
import { notFound } from "~/web/responses.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "My medical record", hydrate: false } satisfies PageHandle;

/**
 * /{code}/my-medical-records (spec 2 §2.1 "My Records"; decision 0109): the summary of the
 * patient's GP record the practice's GP system holds: allergies, repeat medication, problems
 * and test results. A signed-in patient (not a guest, not through a magic link) with their own
 * record at a practice that has patient_view_enabled; the GP system away reads "not available".
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { viewer, practice } = await requireViewer(request, context, [loggedinNotGuest, patient], { practiceCode: params.practiceCode });
  if (!practice) throw notFound();
  if (!practice.patientViewEnabled) throw redirect(permissionDeniedPath(undefined, practice.urlCode));
  const record = await myPatientRecord(context.db, viewer.userId, practice.id);
  if (!record) throw redirect(permissionDeniedPath(undefined, practice.urlCode));
  const view = recordView(await context.gpSystem.medicalRecord({ patientId: record.id, practiceId: practice.id }));
  return json(
    { practiceName: practice.name, code: practice.urlCode, name: `${record.firstName} ${record.lastName}`, view },
    { status: view.state === "unavailable" ? 503 : 200 },
  );
}

export default function MyMedicalRecords() {
  const { practiceName, code, name, view } = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <span className="nhsuk-caption-l">{name}</span>
        <h1>My medical record</h1>
        {view.state === "unavailable" ? (
          <div className="nhsuk-warning-callout">
            <h2 className="nhsuk-warning-callout__label">
              <span role="text">
                <span className="nhsuk-u-visually-hidden">Important: </span>Not available
              </span>
            </h2>
            <p>{view.message}</p>
          </div>
        ) : (
          <>
            <p>
              A summary of your record at {practiceName}. If something here looks wrong, tell the practice in a{" "}
              <a href={`/${code}/message/myself/admin`}>request</a>.
            </p>
            {view.sections.map((section) => (
              <section key={section.id} aria-labelledby={`${section.id}-heading`}>
                <h2 id={`${section.id}-heading`}>{section.title}</h2>
                {section.rows.length === 0 ? (
                  <p>{MEDICAL_RECORD_MESSAGES.none}</p>
                ) : (
                  <Table caption={section.title} columns={section.id === "medication" ? ["Medicine", "Dosage"] : ["Name", "Details", "Date recorded"]}>
                    {section.rows.map((row, i) => (
                      <tr className="nhsuk-table__row" key={i}>
                        <td className="nhsuk-table__cell">{row.name}</td>
                        <td className="nhsuk-table__cell">{row.detail ?? "No information provided"}</td>
                        {section.id === "medication" ? null : <td className="nhsuk-table__cell">{row.date}</td>}
                      </tr>
                    ))}
                  </Table>
                )}
              </section>
            ))}
          </>
        )}
      </div>
    </div>
  );
}
