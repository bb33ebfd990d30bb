import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod";
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

/**
 * Conform set up the one way every NHS form here uses it: the zod schema validates in the
 * browser with JS (first on submit, then as the user corrects a field), and the server's 400
 * reply (`formRejected`) comes back as `lastResult` without JS. Pass the page's other options
 * (`lastResult`, `defaultValue`, `id`) as they are.
 */
export function useNhsForm<Schema extends z.ZodType<Record<string, any>, Record<string, any>>>(
  /** The schema, or (when it depends on what is posted, such as files) a function of the form data. */
  schema: Schema | ((formData: FormData) => Schema),
  options: Omit<Parameters<typeof useForm<z.input<Schema>, z.output<Schema>>>[0], "onValidate" | "shouldValidate" | "shouldRevalidate">,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: typeof schema === "function" ? schema(formData) : schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}

