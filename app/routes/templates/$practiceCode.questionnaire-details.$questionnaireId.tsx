import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import * as z from "zod";
import { copy } from "~/copy";
import { PostForm } from "~/components/Csrf";
import { BackLink } from "~/components/requests/RequestParts";
import { findQuestionnaire, setQuestionnaireFavourite } from "~/domain/templates/questionnaires.server";
import { describeQuestion } from "~/domain/templates/questions";
import { parseId } from "~/validation/ids";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { notFound } from "~/web/responses.server";
import { requireTemplateScope } from "~/web/templates/scope.server";

/**
 * /{code}/questionnaire-details/{id} (the practice's gp, receptionist or practice admin: its own
 * and the national questionnaires) and /questionnaire/{id} (the system admin: national ones):
 * the questions, each with its type, unit and range, options and whether it is required; a
 * favourite switch for the viewer.
 */
export const handle = { title: (data: { title: string } | undefined) => data?.title ?? "Questionnaire" };

const FavouriteSchema = z.object({ intent: z.literal("favourite"), favourite: z.enum(["true", "false"]).transform((v) => v === "true") });

async function load(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const ctx = await requireTemplateScope(args);
  const id = parseId(args.params.questionnaireId);
  const questionnaire = id === null ? null : await findQuestionnaire(args.context.db, ctx.scope, ctx.viewer.userId, id);
  if (!questionnaire) throw notFound();
  return { ...ctx, questionnaire };
}

export async function loader(args: LoaderFunctionArgs) {
  const { base, practiceName, scope, questionnaire: q } = await load(args);
  return json({
    base,
    // The scope's own one is edited; a practice copies a national one instead (decision 0085, 0088).
    editable: q.practiceId === scope.practiceId,
    caption: practiceName ?? "National questionnaires",
    id: q.id,
    title: q.title,
    description: q.description,
    tags: q.tags,
    national: q.practiceId === null,
    favourite: q.favourite,
    questions: q.questions.map((question) => ({ text: question.text, hint: question.hint ?? null, rules: describeQuestion(question) })),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { viewer, scope, questionnaire } = await load(args);
  const submission = parseWithZod(await args.request.formData(), { schema: FavouriteSchema });
  if (submission.status !== "success") return formRejected(submission);
  await setQuestionnaireFavourite(args.context.db, scope, viewer.userId, questionnaire.id, submission.value.favourite);
  const url = new URL(args.request.url);
  return redirectWithFlash(args.request, args.context, url.pathname, { kind: "success", text: submission.value.favourite ? "Added to your favourites." : "Removed from your favourites." });
}

export default function QuestionnaireDetailsPage() {
  const data = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <BackLink href={`${data.base}/message-templates#questionnaires`}>Back to templates and questionnaires</BackLink>
        <span className="nhsuk-caption-l">{data.caption}</span>
        <h1>{data.title}</h1>
        <p>{data.description || copy.noInformation}</p>
        <dl className="nhsuk-summary-list">
          <div className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">Kind</dt>
            <dd className="nhsuk-summary-list__value">{data.national ? "National questionnaire" : "Practice questionnaire"}</dd>
          </div>
          <div className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">Tags</dt>
            <dd className="nhsuk-summary-list__value">{data.tags.length ? data.tags.join(", ") : copy.noInformation}</dd>
          </div>
        </dl>
        {data.editable ? (
          <p>
            <a className="nhsuk-button" href={`${data.base}/edit-questionnaire/${data.id}`}>
              Edit questionnaire
            </a>
          </p>
        ) : (
          <p>
            <a href={`${data.base}/create-questionnaire?from=${data.id}`}>Copy this questionnaire as a practice questionnaire</a>
          </p>
        )}
        <PostForm method="post" action={pathname}>
          <input type="hidden" name="intent" value="favourite" />
          <input type="hidden" name="favourite" value={data.favourite ? "false" : "true"} />
          <button type="submit" className="nhsuk-button nhsuk-button--secondary">
            {data.favourite ? "Remove from favourites" : "Add to favourites"}
          </button>
        </PostForm>
        <h2>Questions</h2>
        <ol className="nhsuk-list nhsuk-list--number">
          {data.questions.map((q, i) => (
            <li key={i}>
              <strong>{q.text}</strong>
              {q.hint ? <span className="nhsuk-body-s nhsuk-u-display-block">{q.hint}</span> : null}
              <span className="nhsuk-body-s nhsuk-u-display-block nhsuk-u-secondary-text-color">{q.rules}</span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
