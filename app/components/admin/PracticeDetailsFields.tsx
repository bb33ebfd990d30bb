import type { FieldMetadata } from "@conform-to/react";
import { Radios, TextInput } from "~/components/accounts/ConformFields";
import { COUNTRIES, GP_SYSTEMS } from "~/domain/practices/onboarding";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;
export type PracticeDetailsMeta = { name: Meta; urlCode: Meta; odsCode: Meta; ehrType: Meta; country: Meta; ccgId: Meta };

/** The regional group as a select of the groups there are (optional). */
export function CcgSelect({ meta, ccgs }: { meta: Meta; ccgs: Array<{ id: number; name: string }> }) {
  const error = meta.errors?.[0];
  const current = typeof meta.initialValue === "string" ? meta.initialValue : "";
  return (
    <div className={`nhsuk-form-group${error ? " nhsuk-form-group--error" : ""}`}>
      <label className="nhsuk-label" htmlFor={meta.id}>
        Regional group (CCG or ICB) (optional)
      </label>
      {error ? (
        <span className="nhsuk-error-message" id={meta.errorId}>
          <span className="nhsuk-u-visually-hidden">Error:</span> {error}
        </span>
      ) : null}
      <select
        className={`nhsuk-select${error ? " nhsuk-select--error" : ""}`}
        id={meta.id}
        name={meta.name}
        defaultValue={current}
        aria-describedby={error ? meta.errorId : undefined}
        aria-invalid={error ? true : undefined}
      >
        <option value="">None</option>
        {ccgs.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Name, practice code, ODS code, GP system, country and regional group of a practice. */
export function PracticeDetailsFields({ fields, ccgs }: { fields: PracticeDetailsMeta; ccgs: Array<{ id: number; name: string }> }) {
  return (
    <>
      <TextInput meta={fields.name} label="Practice name" spellCheck={false} />
      <TextInput
        meta={fields.urlCode}
        label="Practice code"
        hint="Used in the practice's web addresses, for example /A12345/message. Letters and numbers only, with no spaces or symbols."
        width={10}
        spellCheck={false}
      />
      <TextInput meta={fields.odsCode} label="ODS code" hint="Letters and numbers only, for example A12345" width={10} optional spellCheck={false} />
      <Radios meta={fields.ehrType} legend="GP system" options={GP_SYSTEMS} />
      <Radios meta={fields.country} legend="Country" hint="Practices in England must keep online consultation open 08:00 to 18:30 on weekdays." options={COUNTRIES} />
      <CcgSelect meta={fields.ccgId} ccgs={ccgs} />
    </>
  );
}

export const practiceDetailsErrorOrder = (f: PracticeDetailsMeta) => [f.name, f.urlCode, f.odsCode, f.ehrType, f.country, f.ccgId];
