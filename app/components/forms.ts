import type { SummaryError } from "./ErrorSummary";

/**
 * Turns Conform's field errors into the error summary's links, in the order the fields
 * appear on the page (not the order the validator reported them).
 */
export function summaryErrors(
  fields: Array<{ id: string; errors?: string[] }>,
  formErrors?: string[],
  formErrorTarget?: string,
): SummaryError[] {
  const out: SummaryError[] = [];
  for (const message of formErrors ?? []) out.push({ fieldId: formErrorTarget ?? fields[0]?.id ?? "maincontent", message });
  for (const field of fields) {
    const first = field.errors?.[0];
    if (first) out.push({ fieldId: field.id, message: first });
  }
  return out;
}
