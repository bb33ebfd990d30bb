import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Pager, PatientTable } from "~/components/patients/PatientList";
import { loadPatientList, requirePatientStaff } from "~/web/patients/patient-staff.server";

export const handle = { title: "Non-digital patients" };

/** /{code}/non-digital-patients: patients the practice keeps without an account. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = await requirePatientStaff(request, context, params.practiceCode);
  return json(await loadPatientList(context, staff, request, { nonDigitalOnly: true }));
}

export default function NonDigitalPatients() {
  const data = useLoaderData<typeof loader>();
  const code = data.practice.urlCode;
  return (
    <>
      <a className="nhsuk-back-link" href={`/${code}/patients`}>
        Back to patients
      </a>
      <h1>Non-digital patients</h1>
      <p>Patients without an online account, whose requests and messages the practice handles for them.</p>
      <a className="nhsuk-button" href={`/${code}/non-digital-patients/add`}>
        Add a non-digital patient
      </a>
      {data.rows.length ? (
        <PatientTable rows={data.rows} caption="Non-digital patients" hrefFor={(id) => `/${code}/non-digital-patients/edit/${id}`} />
      ) : (
        <p>There are no non-digital patients yet.</p>
      )}
      <Pager previousHref={data.previousHref} nextHref={data.nextHref} />
    </>
  );
}
