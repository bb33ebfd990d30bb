/**
 * The questionnaire editor's post: a saved form's value, or the reply to send back. "Add
 * another question" and "Remove" (Conform list intents, posted without JS) come back as the
 * form with its list changed (200, nothing saved); a form that does not pass is a 400; a
 * forged or broken intent is a 400 too, never a 500.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { QuestionnaireFormSchema } from "~/domain/templates/questionnaire-form";
import type { QuestionnaireInput } from "~/domain/templates/questions";
import { formRejected } from "~/web/forms.server";

export async function readQuestionnaireForm(request: Request): Promise<{ value: QuestionnaireInput } | { reply: Response }> {
  const formData = await request.formData();
  let submission;
  try {
    submission = parseWithZod(formData, { schema: QuestionnaireFormSchema });
  } catch {
    return { reply: json({ lastResult: null }, { status: 400 }) };
  }
  if (submission.status === undefined) return { reply: json({ lastResult: submission.reply() }) };
  if (submission.status !== "success") return { reply: formRejected(submission) };
  return { value: submission.value };
}
