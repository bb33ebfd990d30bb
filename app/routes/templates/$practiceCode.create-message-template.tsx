import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TemplateFormPage } from "~/components/templates/TemplateForm";
import { exampleValues, renderTemplate, TemplateSchema } from "~/domain/templates/placeholders";
import { createTemplate, findTemplate } from "~/domain/templates/templates.server";
import { parseId } from "~/validation/ids";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { requireTemplateScope } from "~/web/templates/scope.server";

/**
 * /{code}/create-message-template (the practice's) and /create-message-template (national, the
 * system admin's): a new template, optionally started from one the viewer can read (`?from=`,
 * e.g. a national template a practice adapts). Preview shows it with example values first.
 */
export const handle = { title: "Create a message template" };

export async function loader(args: LoaderFunctionArgs) {
  const { scope, base, practiceName } = await requireTemplateScope(args);
  const fromId = parseId(new URL(args.request.url).searchParams.get("from"));
  const from = fromId === null ? null : await findTemplate(args.context.db, scope, fromId);
  return json({
    base,
    caption: practiceName ?? "National templates",
    defaults: from ? { title: from.title, body: from.body, tags: from.tags.join(", ") } : { title: "", body: "", tags: "" },
  });
}

export async function action(args: ActionFunctionArgs) {
  const { viewer, scope, base, practiceName } = await requireTemplateScope(args);
  const submission = parseWithZod(await args.request.formData(), { schema: TemplateSchema });
  if (submission.status !== "success") return formRejected(submission);
  const { intent, ...input } = submission.value;
  if (intent === "preview") {
    return json({ lastResult: submission.reply(), preview: renderTemplate(input.body, exampleValues(practiceName ?? undefined)) });
  }
  await createTemplate(args.context.db, args.context.clock, scope, { userId: viewer.userId }, input);
  return redirectWithFlash(args.request, args.context, `${base}/message-templates`, { kind: "success", text: `Template "${input.title}" saved.` });
}

export default function CreateMessageTemplate() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <TemplateFormPage
      title="Create a message template"
      caption={data.caption}
      back={`${data.base}/message-templates`}
      defaults={data.defaults}
      lastResult={actionData?.lastResult}
      preview={actionData && "preview" in actionData ? String(actionData.preview) : null}
      submitLabel="Save template"
    />
  );
}
