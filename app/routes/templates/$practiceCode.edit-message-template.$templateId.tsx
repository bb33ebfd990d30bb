import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TemplateFormPage } from "~/components/templates/TemplateForm";
import { exampleValues, renderTemplate, TemplateSchema } from "~/domain/templates/placeholders";
import { findTemplate, updateTemplate } from "~/domain/templates/templates.server";
import { parseId } from "~/validation/ids";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { notFound } from "~/web/responses.server";
import { requireTemplateScope } from "~/web/templates/scope.server";

/**
 * /{code}/edit-message-template/{id} and /edit-message-template/{id} (national, system admin):
 * change a template the address's scope owns. A practice cannot edit a national template (it
 * starts a copy from it instead) nor another practice's: both are page-not-found.
 */
export const handle = { title: "Edit message template" };

function owned(template: { practiceId: number | null } | null, scopePracticeId: number | null) {
  return template !== null && template.practiceId === scopePracticeId;
}

export async function loader(args: LoaderFunctionArgs) {
  const { scope, base, practiceName } = await requireTemplateScope(args);
  const id = parseId(args.params.templateId);
  const template = id === null ? null : await findTemplate(args.context.db, scope, id);
  if (!template || !owned(template, scope.practiceId)) throw notFound();
  return json({
    base,
    caption: practiceName ?? "National templates",
    defaults: { title: template.title, body: template.body, tags: template.tags.join(", ") },
  });
}

export async function action(args: ActionFunctionArgs) {
  const { viewer, scope, base, practiceName } = await requireTemplateScope(args);
  const id = parseId(args.params.templateId);
  if (id === null || !owned(await findTemplate(args.context.db, scope, id), scope.practiceId)) throw notFound();
  const submission = parseWithZod(await args.request.formData(), { schema: TemplateSchema });
  if (submission.status !== "success") return formRejected(submission);
  const { intent, ...input } = submission.value;
  if (intent === "preview") {
    return json({ lastResult: submission.reply(), preview: renderTemplate(input.body, exampleValues(practiceName ?? undefined)) });
  }
  if (!(await updateTemplate(args.context.db, args.context.clock, scope, { userId: viewer.userId }, id, input))) throw notFound();
  return redirectWithFlash(args.request, args.context, `${base}/message-templates`, { kind: "success", text: `Template "${input.title}" saved.` });
}

export default function EditMessageTemplate() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <TemplateFormPage
      title="Edit message template"
      caption={data.caption}
      back={`${data.base}/message-templates`}
      defaults={data.defaults}
      lastResult={actionData?.lastResult}
      preview={actionData && "preview" in actionData ? String(actionData.preview) : null}
      submitLabel="Save template"
    />
  );
}
