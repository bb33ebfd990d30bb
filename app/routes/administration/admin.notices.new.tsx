import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { NoticeForm } from "~/components/admin/NoticeForm";
import { NoticeSchema } from "~/domain/admin/notice-schema";
import { createNotice } from "~/domain/admin/notices.server";
import { admin } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";

/** /admin/notices/new: publish a global notice. */
export const handle = { title: "Create a notice" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context, [admin]);
  return json({});
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = await requireViewer(request, context, [admin]);
  const submission = parseWithZod(await request.formData(), { schema: NoticeSchema });
  if (submission.status !== "success") return formRejected(submission);
  await createNotice(context.db, context.clock, viewer.userId, submission.value);
  return redirectWithFlash(request, context, "/admin/notices", { kind: "success", text: `Notice "${submission.value.title}" saved.` });
}

export default function NewNotice() {
  const actionData = useActionData<typeof action>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <a className="nhsuk-back-link" href="/admin/notices">
          Back to global notices
        </a>
        <h1>Create a notice</h1>
        <NoticeForm
          lastResult={actionData?.lastResult}
          defaults={{ title: "", body: "", welshTitle: "", welshBody: "", startsDate: "", startsTime: "", endsDate: "", endsTime: "", active: true }}
          submitLabel="Publish notice"
        />
      </div>
    </div>
  );
}
