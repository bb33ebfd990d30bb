import { useForm } from "@conform-to/react";
import type * as z from "zod";

/**
 * Conform without a validator in the browser (decisions 0135, 0137): the form posts as it is,
 * by fetch with JS (Remix) or as a page load without, and the action's 400 (`formRejected`,
 * `submission.reply()`) comes back as `lastResult`, so the same messages, error summary and
 * aria-invalid show either way. Keeps zod and @conform-to/zod out of the page's scripts: the
 * schema is a type parameter only (`useServerValidatedForm<typeof Schema>`), so a route that
 * imports it for the type ships none of it. Apart from forms.ts, whose `useNhsForm` imports
 * @conform-to/zod: the bundler would keep that import (and zod behind it) for any page
 * importing the module. No "revalidate as you type": that needs the
 * validator; Conform would otherwise post an intent to the server on every input.
 */
export function useServerValidatedForm<Schema extends z.ZodType<Record<string, any>, Record<string, any>>>(
  options: Omit<Parameters<typeof useForm<z.input<Schema>, z.output<Schema>>>[0], "onValidate" | "shouldValidate" | "shouldRevalidate">,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({ ...options, shouldValidate: "onSubmit", shouldRevalidate: "onSubmit" });
}
