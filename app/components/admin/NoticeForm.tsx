import { getFormProps } from "@conform-to/react";
import { Textarea, TextInput } from "~/components/accounts/ConformFields";
import { Checkbox } from "~/components/admin/AdminKit";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { NoticeSchema } from "~/domain/admin/notice-schema";
import type { SubmissionResult } from "@conform-to/react";
import type { FieldMetadata } from "@conform-to/react";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

function When({ legend, date, time }: { legend: string; date: Meta; time: Meta }) {
  return (
    <fieldset className="nhsuk-fieldset">
      <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">{legend}</legend>
      <TextInput meta={date} label="Date" hint="DD/MM/YYYY, for example 01/12/2026" width={10} inputMode="numeric" autoComplete="off" optional />
      <TextInput meta={time} label="Time" hint="HH:mm in UK time, for example 09:30 (00:00 if left empty)" width={5} inputMode="numeric" autoComplete="off" optional />
    </fieldset>
  );
}

export type NoticeFormValues = {
  title: string;
  body: string;
  welshTitle: string;
  welshBody: string;
  startsDate: string;
  startsTime: string;
  endsDate: string;
  endsTime: string;
  active: boolean;
};

/** Create and edit a global notice: the same fields, plain HTML. */
export function NoticeForm({ lastResult, defaults, submitLabel }: { lastResult?: SubmissionResult<string[]> | null; defaults: NoticeFormValues; submitLabel: string }) {
  const [form, fields] = useNhsForm(NoticeSchema, {
    lastResult: lastResult ?? undefined,
    defaultValue: { ...defaults, active: defaults.active ? "on" : "" } as Record<string, string>,
      });
  const f = fields as unknown as Record<string, Meta>;
  const order = ["title", "body", "welshTitle", "welshBody", "startsDate", "startsTime", "endsDate", "endsTime"].map((k) => f[k]);
  const activeInitial = lastResult ? f.active.initialValue === "on" : defaults.active;
  return (
    <>
      <ErrorSummary errors={summaryErrors(order)} />
      <PostForm {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value="save" />
        <TextInput meta={f.title} label="Title" spellCheck />
        <Textarea meta={f.body} label="Text" />
        <TextInput meta={f.welshTitle} label="Welsh title" optional spellCheck={false} />
        <Textarea meta={f.welshBody} label="Welsh text" hint="Shown instead of the English to readers who use the service in Welsh." optional />
        <When legend="Show from (optional: leave empty to show from now)" date={f.startsDate} time={f.startsTime} />
        <When legend="Show until (optional: leave empty to show until you take it down)" date={f.endsDate} time={f.endsTime} />
        <div className="nhsuk-form-group">
          <div className="nhsuk-checkboxes">
            <Checkbox id="active" name="active" label="Active" hint="Untick to take the notice down." defaultChecked={activeInitial} />
          </div>
        </div>
        <Button>{submitLabel}</Button>
      </PostForm>
    </>
  );
}
