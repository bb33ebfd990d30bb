import type { FieldMetadata } from "@conform-to/react";
import { DateInput, dateSummaryErrors, Radios, Textarea } from "~/components/accounts/ConformFields";
import type { SummaryError } from "~/components/ErrorSummary";
import { LEAVE_KIND_LABELS, LEAVE_KINDS, type LeaveSchema } from "~/domain/rota/leave";
import type * as z from "zod";

type Fields = { [K in keyof z.input<typeof LeaveSchema>]-?: FieldMetadata<z.input<typeof LeaveSchema>[K], z.input<typeof LeaveSchema>, string[]> };

/** The leave form's fields (add and edit): kind, first and last day, who covers, a note. */
export function LeaveFields({ fields, covers }: { fields: Fields; covers: { id: number; name: string }[] }) {
  return (
    <>
      <Radios meta={fields.kind} legend="Type" options={LEAVE_KINDS.map((k) => ({ value: k, label: LEAVE_KIND_LABELS[k] }))} inline />
      <DateInput meta={fields.start} legend="First day" hint="For example, 26 10 2026" ownBirthday={false} />
      <DateInput meta={fields.end} legend="Last day" hint="The last day away, for example, 30 10 2026" ownBirthday={false} />
      <Radios
        meta={fields.cover}
        legend="Who covers"
        hint="Requests assigned to them while they are away are offered to this person"
        options={[...covers.map((c) => ({ value: String(c.id), label: c.name })), { value: "none", label: "Nobody" }]}
      />
      <Textarea meta={fields.note} label="Note" hint="Seen by staff only, for example 'Training day'" optional rows={2} maxLength={200} />
    </>
  );
}

/** The error summary's links, in page order. */
export function leaveSummaryErrors(fields: Fields, formErrors?: string[]): SummaryError[] {
  const out: SummaryError[] = (formErrors ?? []).map((message) => ({ fieldId: fields.kind.id, message }));
  const first = (m: { id: string; errors?: string[] }) => (m.errors?.[0] ? [{ fieldId: m.id, message: m.errors[0] }] : []);
  return [...out, ...first(fields.kind), ...dateSummaryErrors(fields.start), ...dateSummaryErrors(fields.end), ...first(fields.cover), ...first(fields.note)];
}
