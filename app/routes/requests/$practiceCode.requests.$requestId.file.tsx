import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { ErrorMessage, InputField, TextareaField } from "~/components/Fields";
import { FormPage } from "~/components/FormPage";
import type { SummaryError } from "~/components/ErrorSummary";
import { formatDateTime } from "~/domain/requests/display";
import { filingAction, filingLoader } from "~/web/inbox/filing-page.server";

/** File a request to the GP record with SNOMED codes (decision 0113): its own page, no JS needed. */
export const handle = {
  title: (data: { filed: unknown } | undefined) => (data?.filed ? "Filed to the GP record" : "File this request to the GP record"),
};

export function loader(args: LoaderFunctionArgs) {
  return filingLoader(args);
}

export function action(args: ActionFunctionArgs) {
  return filingAction(args);
}

const FIELD_IDS: Record<string, string> = { codes: "filing-codes", q: "snomed-q", summary: "filing-summary" };

export default function FileRequest() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const caption = `${data.reference}: ${data.patientName}`;
  if (data.filed) {
    return (
      <FormPage title="Filed to the GP record" errors={[]} caption={caption} back={{ href: data.back, text: "Back to the request" }}>
        <dl className="nhsuk-summary-list">
          <Row label="Filed">{formatDateTime(new Date(data.filed.filedAt))}</Row>
          <Row label="Filed by">{data.filed.filedBy}</Row>
          <Row label="SNOMED codes">
            <ul className="nhsuk-list nhsuk-u-margin-bottom-0">
              {data.filed.codes.map((c) => (
                <li key={c.code}>
                  {c.term} ({c.code})
                </li>
              ))}
            </ul>
          </Row>
          <Row label="Summary">
            <span className="app-thread__body">{data.filed.summary}</span>
          </Row>
        </dl>
        <p>A request is filed once: the consultation above is in the patient's record.</p>
      </FormPage>
    );
  }
  const errors = actionData?.lastResult.error ?? {};
  const formErrors = (actionData?.lastResult as { error?: Record<string, string[] | null> } | undefined)?.error?.[""] ?? [];
  const summary: SummaryError[] = [
    ...formErrors.map((message) => ({ fieldId: "filing-codes", message })),
    ...Object.entries(errors)
      .filter(([field, messages]) => field !== "" && messages?.[0])
      .map(([field, messages]) => ({ fieldId: FIELD_IDS[field.replace(/\[\d+\]$/, "")] ?? "filing-codes", message: messages![0] })),
  ];
  const codeError = errors.codes?.[0] ?? Object.entries(errors).find(([f]) => f.startsWith("codes["))?.[1]?.[0];
  // Chosen codes (after a search or a refused filing), else the codes on the request's comments, then the search results.
  const chosen = actionData ? actionData.chosen : data.suggested;
  const chosenCodes = new Set(chosen.map((c) => c.code));
  const listed = [...chosen, ...(actionData?.results ?? []).filter((r) => !chosenCodes.has(r.code))];
  const initial = (actionData?.lastResult.initialValue ?? {}) as { summary?: string; q?: string };
  const formKey = JSON.stringify([...chosenCodes, listed.length, initial.q ?? ""]);
  return (
    <FormPage title="File this request to the GP record" errors={summary} caption={caption} back={{ href: data.back, text: "Back to the request" }}>
      <p>
        The request is written to the patient's record in the GP system as a consultation with the SNOMED codes you choose. It is filed
        once.
      </p>
      <PostForm key={formKey}>
        <div className={`nhsuk-form-group${codeError ? " nhsuk-form-group--error" : ""}`}>
          <fieldset className="nhsuk-fieldset" id="filing-codes" tabIndex={-1} aria-describedby={codeError ? "filing-codes-error" : "filing-codes-hint"}>
            <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--m">SNOMED codes to file</legend>
            <div className="nhsuk-hint" id="filing-codes-hint">
              Codes already on the request's comments are ticked. Search to add others.
            </div>
            <ErrorMessage id="filing-codes-error" message={codeError} />
            {listed.length === 0 ? (
              <p>No codes yet.</p>
            ) : (
              <div className="nhsuk-checkboxes nhsuk-checkboxes--small">
                {listed.map((c) => (
                  <div className="nhsuk-checkboxes__item" key={c.code}>
                    <input className="nhsuk-checkboxes__input" id={`file-code-${c.code}`} name="codes" type="checkbox" value={c.code} defaultChecked={chosenCodes.has(c.code)} aria-invalid={codeError ? true : undefined} />
                    <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={`file-code-${c.code}`}>
                      {c.term} ({c.code})
                    </label>
                  </div>
                ))}
              </div>
            )}
          </fieldset>
        </div>
        <InputField id="snomed-q" name="q" label="Search SNOMED codes" hint="For example asthma, or a code" defaultValue={initial.q ?? ""} error={errors.q?.[0]} />
        {actionData && initial.q && !errors.q && actionData.results.length === 0 ? <p>No codes match “{initial.q}”.</p> : null}
        <button className="nhsuk-button nhsuk-button--secondary" type="submit" name="intent" value="search">
          Search codes
        </button>
        <TextareaField id="filing-summary" name="summary" label="Consultation summary" rows={6} defaultValue={initial.summary ?? data.defaultSummary} error={errors.summary?.[0]} />
        <button className="nhsuk-button" type="submit" name="intent" value="file">
          File to GP record
        </button>
      </PostForm>
      <p>
        <Link to={data.back}>Cancel</Link>
      </p>
    </FormPage>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="nhsuk-summary-list__row">
      <dt className="nhsuk-summary-list__key">{label}</dt>
      <dd className="nhsuk-summary-list__value">{children}</dd>
    </div>
  );
}
