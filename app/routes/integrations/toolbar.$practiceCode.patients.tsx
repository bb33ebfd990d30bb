import { json, redirect, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { formatNhsNumber } from "~/domain/patients/nhs-number";
import { loadingPatientText, SSO_MESSAGES } from "~/domain/integrations/sso-token";
import { nhsNumberDigits, toolbarPatientId } from "~/domain/integrations/toolbar.server";
import { requirePatientStaff } from "~/web/patients/patient-staff.server";

/**
 * /toolbar/{code}/patients (gp or receptionist; spec 3 §2): the toolbar's patient load. The hash
 * carries the NHS number: with JS the page reads it, says "Loading patient with NHS Number …"
 * and asks again with ?nhs_number=; without JS the number comes in the query (or is typed). Found:
 * on to /{code}/patients/{id}?action=…; not found: a message, and back to the patient search
 * after 2.5 s (the Refresh header without JS, a timer with it).
 */
export const handle = { title: "Load patient" };

const FAILURE_DELAY_MS = 2500;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = await requirePatientStaff(request, context, params.practiceCode);
  const url = new URL(request.url);
  const action = url.searchParams.get("action");
  const actionValue = action && action.length <= 200 ? action : null;
  const code = staff.practice.urlCode;
  const searchPath = `/${code}/patients`;
  const asked = url.searchParams.get("nhs_number");
  if (asked === null) return json({ code, action: actionValue, failed: null, searchPath });
  const digits = nhsNumberDigits(asked);
  const id = digits ? await toolbarPatientId(context, { userId: staff.viewer.userId, practiceId: staff.practice.id, nhsNumber: digits }) : null;
  if (id !== null) throw redirect(`/${code}/patients/${id}${actionValue ? `?${new URLSearchParams({ action: actionValue })}` : ""}`);
  const shown = digits ? formatNhsNumber(digits) : asked.slice(0, 20);
  return json(
    { code, action: actionValue, failed: { number: shown }, searchPath },
    { headers: { Refresh: `${FAILURE_DELAY_MS / 1000}; url=${searchPath}` } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const refresh = loaderHeaders.get("Refresh");
  const out: Record<string, string> = {};
  if (refresh) out.Refresh = refresh;
  return out;
};

export default function ToolbarPatients() {
  const data = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const [loading, setLoading] = useState<string | null>(null);

  useEffect(() => {
    if (data.failed) {
      const timer = window.setTimeout(() => navigate(data.searchPath, { replace: true }), FAILURE_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
    const digits = window.location.hash.replace(/^#/, "").replace(/[\s-]|%20/g, "");
    if (!/^\d{10}$/.test(digits)) return;
    setLoading(digits);
    const query = new URLSearchParams();
    if (data.action) query.set("action", data.action);
    query.set("nhs_number", digits);
    navigate(`/toolbar/${data.code}/patients?${query}`, { replace: true });
  }, [data.failed, data.action, data.code, data.searchPath, navigate]);

  if (data.failed) {
    return (
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-two-thirds">
          <h1>{SSO_MESSAGES.patientNotFound}</h1>
          <p role="status" data-testid="toolbar-failure">
            {SSO_MESSAGES.redirecting}
          </p>
          <p>
            No patient at this practice has the NHS number {data.failed.number}. <a href={data.searchPath}>Search for the patient</a>
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>Load patient</h1>
        <p role="status" data-testid="toolbar-loading">
          {loading ? loadingPatientText(loading) : null}
        </p>
        <Form method="get" action={`/toolbar/${data.code}/patients`}>
          {data.action ? <input type="hidden" name="action" value={data.action} /> : null}
          <div className="nhsuk-form-group">
            <label className="nhsuk-label" htmlFor="nhs_number">
              NHS number
            </label>
            <div className="nhsuk-hint" id="nhs_number-hint">
              For example, 943 476 5919
            </div>
            <input className="nhsuk-input nhsuk-input--width-10" id="nhs_number" name="nhs_number" type="text" inputMode="numeric" autoComplete="off" spellCheck={false} aria-describedby="nhs_number-hint" />
          </div>
          <button className="nhsuk-button" type="submit" data-module="nhsuk-button">
            Open patient
          </button>
        </Form>
      </div>
    </div>
  );
}
