import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "~/web/forms/submission.server";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors } from "~/components/forms";
import { useServerValidatedForm } from "~/components/server-validated-form";
import { QuestionField, type PageQuestion } from "~/components/requests/QuestionFields";
import { fieldName } from "~/domain/requests/answer-rules";
import { pageSchema } from "~/domain/requests/answer-schema.server";
import { recordAnswers } from "~/domain/templates/questionnaire-sends.server";
import { ruleQuestions } from "~/domain/templates/questions";
import { londonToday } from "~/domain/time/london";
import { formRejected } from "~/web/forms.server";
import { requireQuestionnaireSend } from "~/web/templates/questionnaire-access.server";

/**
 * /{code}/questionnaire/{id} (spec 2 §2.2): the patient answers a questionnaire the practice sent
 * from a request, through the link's token or signed in (questionnaire-access.server.ts). Once
 * answered, or after the link expires, it says so. The answers go back to the practice and the
 * patient lands on /{code}/submittedquestionnaire.
 */
export const handle = { title: (data: { title: string } | undefined) => data?.title ?? "Questionnaire" };

function pageQuestions(questions: ReturnType<typeof ruleQuestions>): PageQuestion[] {
  return questions.map((q) => ({ ...q, hint: [q.hint, q.unit ? `Answer in ${q.unit}.` : null].filter(Boolean).join(" ") || null, allowsAttachments: false }));
}

export async function loader(args: LoaderFunctionArgs) {
  const { practice, send } = await requireQuestionnaireSend(args);
  return json({
    practiceName: practice.name,
    title: send.title,
    state: send.answered ? ("answered" as const) : send.expired ? ("expired" as const) : ("open" as const),
    questions: pageQuestions(ruleQuestions(send.questions)),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { practice, send } = await requireQuestionnaireSend(args);
  const now = args.context.clock.now();
  if (send.answered || send.expired) return redirect(new URL(args.request.url).pathname + new URL(args.request.url).search);
  const questions = ruleQuestions(send.questions);
  const submission = parseWithZod(await args.request.formData(), { schema: pageSchema(questions, londonToday(now)) });
  if (submission.status !== "success") return formRejected(submission);
  const value = submission.value as Record<string, unknown>;
  const answers = Object.fromEntries(
    questions.map((q) => {
      const raw = value[fieldName(q)];
      return [fieldName(q), raw === undefined || raw === null || raw === "" ? null : Array.isArray(raw) ? (raw.length ? raw.map(String) : null) : String(raw)];
    }),
  );
  await recordAnswers(args.context.db, now, send, answers);
  return redirect(`/${practice.urlCode}/submittedquestionnaire`);
}

export default function AnswerQuestionnaire() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { pathname, search } = useLocation();
  const [form, fields] = useServerValidatedForm<ReturnType<typeof pageSchema>>({ lastResult: actionData && "lastResult" in actionData ? actionData.lastResult : undefined });
  const metas = data.questions.map((q) => (fields as Record<string, { id: string; errors?: string[] }>)[fieldName(q)]);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={summaryErrors(metas)} />
        <span className="nhsuk-caption-l">{data.practiceName}</span>
        <h1>{data.title}</h1>
        {data.state === "answered" ? (
          <p>You have already answered this questionnaire. Thank you.</p>
        ) : data.state === "expired" ? (
          <p>This link has expired. Contact the practice if you still need to answer.</p>
        ) : (
          <PostForm {...getFormProps(form)} action={`${pathname}${search}`} noValidate>
            {data.questions.map((q) => (
              // eslint-disable-next-line @typescript-eslint/no-explicit-any
              <QuestionField key={q.id} question={q} meta={(fields as any)[fieldName(q)]} asHeading={false} />
            ))}
            <Button>Send answers</Button>
          </PostForm>
        )}
      </div>
    </div>
  );
}
