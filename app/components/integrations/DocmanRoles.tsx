import { ErrorMessage } from "~/components/Fields";
import { DOCMAN_ROLES } from "~/domain/integrations/docman";

/** The two document-filing roles as NHS.UK checkboxes; the first carries the field's id. */
export function DocmanRoles({ id, name, errorId, error }: { id: string; name: string; errorId: string; error?: string }) {
  return (
    <div className={`nhsuk-form-group${error ? " nhsuk-form-group--error" : ""}`}>
      <fieldset className="nhsuk-fieldset" aria-describedby={error ? errorId : undefined}>
        <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">What may the account do?</legend>
        <ErrorMessage id={errorId} message={error} />
        <div className="nhsuk-checkboxes">
          {DOCMAN_ROLES.map((role, i) => (
            <div className="nhsuk-checkboxes__item" key={role.value}>
              <input className="nhsuk-checkboxes__input" id={i === 0 ? id : `${id}-${role.value}`} name={name} type="checkbox" value={role.value} aria-invalid={error ? true : undefined} />
              <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={i === 0 ? id : `${id}-${role.value}`}>
                {role.label}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
