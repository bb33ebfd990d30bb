import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NoticeForm } from "~/components/admin/NoticeForm";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { dateTimeFields } from "~/domain/admin/notices";
import { NoticeSchema } from "~/domain/admin/notice-schema";
import { deactivateNotice, findNotice, updateNotice } from "~/domain/admin/notices.server";
import { admin } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { notFound } from "~/web/responses.server";
import { parseId } from "~/validation/ids";

/** /admin/notices/{id}: change a global notice, or take it down. */
export const handle = { title: "Edit notice" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context, [admin]);
  const id = parseId(params.noticeId);
  const notice = id === null ? null : await findNotice(context.db, id);
  if (!notice) throw notFound();
  const starts = dateTimeFields(notice.startsAt);
  const ends = dateTimeFields(notice.endsAt);
  return json({
    id: notice.id,
    defaults: {
      title: notice.title,
      body: notice.body,
      welshTitle: notice.welshTitle ?? "",
      welshBody: notice.welshBody ?? "",
      startsDate: starts.date,
      startsTime: starts.time,
      endsDate: ends.date,
      endsTime: ends.time,
      active: notice.active,
    },
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer } = await requireViewer(request, context, [admin]);
  const id = parseId(params.noticeId);
  if (id === null) throw notFound();
  const formData = await request.formData();
  if (formData.get("intent") === "deactivate") {
    if (!(await deactivateNotice(context.db, context.clock, viewer.userId, id))) throw notFound();
    return redirectWithFlash(request, context, "/admin/notices", { kind: "success", text: "The notice has been taken down." });
  }
  const submission = parseWithZod(formData, { schema: NoticeSchema });
  if (submission.status !== "success") return formRejected(submission);
  if (!(await updateNotice(context.db, context.clock, viewer.userId, id, submission.value))) throw notFound();
  return redirectWithFlash(request, context, "/admin/notices", { kind: "success", text: `Notice "${submission.value.title}" saved.` });
}

export default function EditNotice() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <a className="nhsuk-back-link" href="/admin/notices">
          Back to global notices
        </a>
        <h1>Edit notice</h1>
        <NoticeForm lastResult={actionData?.lastResult} defaults={data.defaults} submitLabel="Save notice" />
        {data.defaults.active ? (
          <>
            <h2>Take the notice down</h2>
            <p>It stops showing at once. You can publish it again by ticking Active.</p>
            <PostForm>
              <input type="hidden" name="intent" value="deactivate" />
              <Button variant="secondary">Deactivate notice</Button>
            </PostForm>
          </>
        ) : null}
      </div>
    </div>
  );
}
