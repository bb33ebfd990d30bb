import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { QuestionnaireFormPage } from "~/components/templates/QuestionnaireForm";
import { fieldsFromQuestion } from "~/domain/templates/questionnaire-form";
import { findQuestionnaire, updateQuestionnaire } from "~/domain/templates/questionnaires.server";
import { parseId } from "~/validation/ids";
import { redirectWithFlash } from "~/web/flash.server";
import { notFound } from "~/web/responses.server";
import { requireTemplateScope } from "~/web/templates/scope.server";
import { readQuestionnaireForm } from "~/web/templates/questionnaire-form.server";

/**
 * /{code}/edit-questionnaire/{id} and /edit-questionnaire/{id} (national, system admin): change
 * a questionnaire the address's scope owns. A practice copies a national one rather than edit
 * it; a national one here, or another practice's, is page-not-found. Questionnaires already sent
 * keep the questions they were sent with.
 */
export const handle = { title: "Edit questionnaire" };

async function owned(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const ctx = await requireTemplateScope(args);
  const id = parseId(args.params.questionnaireId);
  const questionnaire = id === null ? null : await findQuestionnaire(args.context.db, ctx.scope, ctx.viewer.userId, id);
  if (!questionnaire || questionnaire.practiceId !== ctx.scope.practiceId) throw notFound();
  const details = ctx.scope.practiceId === null ? `/questionnaire/${questionnaire.id}` : `${ctx.base}/questionnaire-details/${questionnaire.id}`;
  return { ...ctx, questionnaire, details };
}

export async function loader(args: LoaderFunctionArgs) {
  const { practiceName, questionnaire: q, details } = await owned(args);
  return json({
    details,
    caption: practiceName ?? "National questionnaires",
    defaults: { title: q.title, description: q.description, tags: q.tags.join(", "), questions: q.questions.map(fieldsFromQuestion) },
  });
}

export async function action(args: ActionFunctionArgs) {
  const { viewer, scope, questionnaire, details } = await owned(args);
  const form = await readQuestionnaireForm(args.request);
  if ("reply" in form) return form.reply;
  if (!(await updateQuestionnaire(args.context.db, args.context.clock, scope, { userId: viewer.userId }, questionnaire.id, form.value))) throw notFound();
  return redirectWithFlash(args.request, args.context, details, { kind: "success", text: `Questionnaire "${form.value.title}" saved.` });
}

export default function EditQuestionnaire() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <QuestionnaireFormPage
      title="Edit questionnaire"
      caption={data.caption}
      back={{ href: data.details, text: "Back to the questionnaire" }}
      defaults={data.defaults}
      lastResult={actionData?.lastResult}
      submitLabel="Save questionnaire"
    />
  );
}
