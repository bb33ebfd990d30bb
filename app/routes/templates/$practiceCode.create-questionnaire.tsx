import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { QuestionnaireFormPage } from "~/components/templates/QuestionnaireForm";
import { EMPTY_QUESTION, fieldsFromQuestion } from "~/domain/templates/questionnaire-form";
import { createQuestionnaire, findQuestionnaire } from "~/domain/templates/questionnaires.server";
import { parseId } from "~/validation/ids";
import { redirectWithFlash } from "~/web/flash.server";
import { requireTemplateScope } from "~/web/templates/scope.server";
import { readQuestionnaireForm } from "~/web/templates/questionnaire-form.server";

/**
 * /{code}/create-questionnaire (the practice's) and /create-questionnaire (national, the system
 * admin's): a new questionnaire of typed questions, optionally started from one the viewer can
 * read (`?from=`, e.g. a national one a practice adapts). Decision 0088.
 */
export const handle = { title: "Create a questionnaire" };

export async function loader(args: LoaderFunctionArgs) {
  const { scope, viewer, base, practiceName } = await requireTemplateScope(args);
  const fromId = parseId(new URL(args.request.url).searchParams.get("from"));
  const from = fromId === null ? null : await findQuestionnaire(args.context.db, scope, viewer.userId, fromId);
  return json({
    base,
    caption: practiceName ?? "National questionnaires",
    defaults: from
      ? { title: from.title, description: from.description, tags: from.tags.join(", "), questions: from.questions.map(fieldsFromQuestion) }
      : { title: "", description: "", tags: "", questions: [EMPTY_QUESTION] },
  });
}

export async function action(args: ActionFunctionArgs) {
  const { viewer, scope, base } = await requireTemplateScope(args);
  const form = await readQuestionnaireForm(args.request);
  if ("reply" in form) return form.reply;
  const id = await createQuestionnaire(args.context.db, args.context.clock, scope, { userId: viewer.userId }, form.value);
  const details = scope.practiceId === null ? `/questionnaire/${id}` : `${base}/questionnaire-details/${id}`;
  return redirectWithFlash(args.request, args.context, details, { kind: "success", text: `Questionnaire "${form.value.title}" saved.` });
}

export default function CreateQuestionnaire() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <QuestionnaireFormPage
      title="Create a questionnaire"
      caption={data.caption}
      back={{ href: `${data.base}/message-templates#questionnaires`, text: "Back to templates and questionnaires" }}
      defaults={data.defaults}
      lastResult={actionData?.lastResult}
      submitLabel="Save questionnaire"
    />
  );
}
