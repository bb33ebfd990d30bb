import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import * as z from "zod";
import { PostForm } from "~/components/Csrf";
import { Button, CheckboxField, InputField } from "~/components/Fields";
import { Table } from "~/components/Table";
import { listQuestionnaires, questionnaireTags } from "~/domain/templates/questionnaires.server";
import { listTemplates, setTemplateFavourite, templateTags } from "~/domain/templates/templates.server";
import { idField } from "~/validation/ids";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { notFound } from "~/web/responses.server";
import { requireTemplateScope } from "~/web/templates/scope.server";

/**
 * /{code}/message-templates (the practice's gp, receptionist or practice admin) and
 * /message-templates (the system admin's national templates): the templates with the viewer's
 * favourites first, searched by words or a tag; a practice also sees the national templates,
 * which it copies rather than edits.
 */
export const handle = { title: "Message templates" };

const FavouriteSchema = z.object({
  intent: z.literal("favourite"),
  templateId: idField("Choose a template"),
  favourite: z.enum(["true", "false"]).transform((v) => v === "true"),
});

export async function loader(args: LoaderFunctionArgs) {
  const { viewer, scope, base, practiceName } = await requireTemplateScope(args);
  const q = new URL(args.request.url).searchParams;
  const search = (q.get("q") ?? "").slice(0, 100);
  const tags = [...new Set([...(await templateTags(args.context.db, scope)), ...(await questionnaireTags(args.context.db, scope))])].sort((a, b) => a.localeCompare(b));
  const tag = tags.includes(q.get("tag") ?? "") ? q.get("tag")! : "";
  const favouritesOnly = q.get("favourites") === "on";
  const [rows, questionnaires] = await Promise.all([
    listTemplates(args.context.db, scope, viewer.userId, { search, tag: tag || undefined, favouritesOnly }),
    listQuestionnaires(args.context.db, scope, viewer.userId, { search, tag: tag || undefined, favouritesOnly }),
  ]);
  return json({
    base,
    practiceName,
    search,
    tag,
    favouritesOnly,
    tags,
    templates: rows.map((t) => ({
      id: t.id,
      title: t.title,
      excerpt: t.body.length > 120 ? `${t.body.slice(0, 117)}…` : t.body,
      tags: t.tags,
      favourite: t.favourite,
      national: t.practiceId === null,
      editable: t.practiceId === scope.practiceId,
    })),
    questionnaires: questionnaires.map((q) => ({ id: q.id, title: q.title, tags: q.tags, favourite: q.favourite, national: q.practiceId === null, questionCount: q.questionCount })),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { viewer, scope } = await requireTemplateScope(args);
  const submission = parseWithZod(await args.request.formData(), { schema: FavouriteSchema });
  if (submission.status !== "success") return formRejected(submission);
  const { templateId, favourite } = submission.value;
  if (!(await setTemplateFavourite(args.context.db, scope, viewer.userId, templateId, favourite))) throw notFound();
  const url = new URL(args.request.url);
  return redirectWithFlash(args.request, args.context, `${url.pathname}${url.search}`, {
    kind: "success",
    text: favourite ? "Added to your favourites." : "Removed from your favourites.",
  });
}

export default function MessageTemplates() {
  const data = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  const national = data.practiceName === null;
  return (
    <>
      <span className="nhsuk-caption-l">{data.practiceName ?? "National templates"}</span>
      <h1>Message templates</h1>
      <p>
        {national
          ? "National templates are offered to every practice. Practices copy them and change the copy."
          : "Start a reply to a patient from a template. Your practice's templates and the national ones are listed, your favourites first."}
      </p>
      <p>
        <a className="nhsuk-button" href={`${data.base}/create-message-template`}>
          Create a message template
        </a>
      </p>
      {national ? null : (
        <p>
          <a href={`${data.base}/upload-templates`}>Upload templates and questionnaires from a file</a>
        </p>
      )}
      <form method="get" action={pathname} className="app-template-search">
        <InputField id="template-search" name="q" label="Search templates and questionnaires" defaultValue={data.search} hint="Words from the title, the message or a tag" />
        {data.tags.length > 0 ? (
          <div className="nhsuk-form-group">
            <label className="nhsuk-label" htmlFor="template-tag">
              Tag
            </label>
            <select className="nhsuk-select" id="template-tag" name="tag" defaultValue={data.tag}>
              <option value="">Any tag</option>
              {data.tags.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <CheckboxField id="template-favourites" name="favourites" label="Only my favourites" defaultChecked={data.favouritesOnly} />
        <Button variant="secondary">Search</Button>
      </form>
      {data.templates.length === 0 ? (
        <p>{data.search || data.tag || data.favouritesOnly ? "No templates match your search." : "There are no templates yet."}</p>
      ) : (
        <Table caption="Message templates" columns={["Template", "Tags", { hidden: "Favourite" }]}>
          {data.templates.map((t) => (
            <tr key={t.id}>
              <td>
                {t.editable ? <a href={`${data.base}/edit-message-template/${t.id}`}>{t.title}</a> : <strong>{t.title}</strong>}
                {t.national && !national ? <strong className="nhsuk-tag nhsuk-tag--blue nhsuk-u-margin-left-2">National</strong> : null}
                <span className="nhsuk-body-s nhsuk-u-display-block app-thread__body">{t.excerpt}</span>
                {!t.editable ? (
                  <a className="nhsuk-body-s" href={`${data.base}/create-message-template?from=${t.id}`}>
                    Copy<span className="nhsuk-u-visually-hidden"> “{t.title}”</span> as a practice template
                  </a>
                ) : null}
              </td>
              <td>{t.tags.length ? t.tags.join(", ") : "None"}</td>
              <td>
                <PostForm method="post" action={`${pathname}${search}`} className="app-inline-form">
                  <input type="hidden" name="intent" value="favourite" />
                  <input type="hidden" name="templateId" value={t.id} />
                  <input type="hidden" name="favourite" value={t.favourite ? "false" : "true"} />
                  <button type="submit" className="app-link-button">
                    {t.favourite ? "Remove from favourites" : "Add to favourites"}
                    <span className="nhsuk-u-visually-hidden"> “{t.title}”</span>
                  </button>
                </PostForm>
                {t.favourite ? <strong className="nhsuk-tag nhsuk-tag--yellow nhsuk-u-margin-top-1">Favourite</strong> : null}
              </td>
            </tr>
          ))}
        </Table>
      )}
      <h2 id="questionnaires">Questionnaires</h2>
      <p>
        <a className="nhsuk-button nhsuk-button--secondary" href={`${data.base}/create-questionnaire`}>
          Create a questionnaire
        </a>
      </p>
      {data.questionnaires.length === 0 ? (
        <p>{data.search || data.tag || data.favouritesOnly ? "No questionnaires match your search." : "There are no questionnaires yet."}</p>
      ) : (
        <Table caption="Questionnaires" columns={["Questionnaire", "Questions", "Tags"]}>
          {data.questionnaires.map((q) => (
            <tr key={q.id}>
              <td>
                <a href={national ? `/questionnaire/${q.id}` : `${data.base}/questionnaire-details/${q.id}`}>{q.title}</a>
                {q.national && !national ? <strong className="nhsuk-tag nhsuk-tag--blue nhsuk-u-margin-left-2">National</strong> : null}
                {q.favourite ? <strong className="nhsuk-tag nhsuk-tag--yellow nhsuk-u-margin-left-2">Favourite</strong> : null}
              </td>
              <td>{q.questionCount}</td>
              <td>{q.tags.length ? q.tags.join(", ") : "None"}</td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}
