import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Pager, PatientTable } from "~/components/patients/PatientList";
import { loadPatientList, requirePatientStaff } from "~/web/patients/patient-staff.server";

export const handle = { title: "Patients" };

/** /{code}/patients (spec 3 §2): search the practice's patients, 20 a page. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = await requirePatientStaff(request, context, params.practiceCode);
  return json(await loadPatientList(context, staff, request));
}

export default function Patients() {
  const data = useLoaderData<typeof loader>();
  const code = data.practice.urlCode;
  return (
    <>
      <h1>Patients</h1>
      <Form method="get" action={`/${code}/patients`} role="search" aria-label="Patients">
        <div className="nhsuk-form-group">
          <label className="nhsuk-label" htmlFor="q">
            Search by name, NHS number or date of birth
          </label>
          <div className="nhsuk-hint" id="q-hint">
            For example, Sarah Thompson, 943 476 5919 or 17/03/1984
          </div>
          <input className="nhsuk-input nhsuk-input--width-30" id="q" name="q" type="search" defaultValue={data.q} aria-describedby="q-hint" autoComplete="off" spellCheck={false} />
        </div>
        <div className="nhsuk-form-group">
          <fieldset className="nhsuk-fieldset">
            <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">Show</legend>
            <div className="nhsuk-radios nhsuk-radios--inline">
              <div className="nhsuk-radios__item">
                <input className="nhsuk-radios__input" id="filter-all" name="filter" type="radio" value="all" defaultChecked={data.filter === "all"} />
                <label className="nhsuk-label nhsuk-radios__label" htmlFor="filter-all">
                  All patients
                </label>
              </div>
              <div className="nhsuk-radios__item">
                <input className="nhsuk-radios__input" id="filter-non-digital" name="filter" type="radio" value="non-digital" defaultChecked={data.filter === "non-digital"} />
                <label className="nhsuk-label nhsuk-radios__label" htmlFor="filter-non-digital">
                  Non-digital patients only
                </label>
              </div>
            </div>
          </fieldset>
        </div>
        <button className="nhsuk-button" type="submit">
          Search
        </button>
      </Form>
      <p>
        <a href={`/${code}/non-digital-patients`}>Non-digital patients</a>
      </p>
      {data.rows.length ? (
        <PatientTable rows={data.rows} caption={data.searched ? "Matching patients" : "Patients"} hrefFor={(id) => `/${code}/patients/${id}`} />
      ) : (
        <p>{data.searched ? "No patients match your search." : "There are no patients to show."}</p>
      )}
      <Pager previousHref={data.previousHref} nextHref={data.nextHref} />
    </>
  );
}
