import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod";
import { Textarea } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { FormPage } from "~/components/FormPage";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { patient } from "~/domain/auth/guards";
import { messageForPatient, REPLY_MAX, replyToMessage } from "~/domain/bulk/bulk-messages.server";
import { attachmentsForPatient } from "~/domain/bulk/files.server";
import { patientQuestionnaire } from "~/domain/bulk/questionnaire-links.server";
import { NotFound } from "~/domain/outcomes";
import { formatLondonDateTime } from "~/domain/time/london";
import { parseId } from "~/validation/ids";
import { requireViewer } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";

/** /patient_bulk_messages/{id}/request: one bulk message as the patient got it, and their reply to the practice. */
export const handle = { title: "Reply to your practice" };

const ReplySchema = z.object({
  reply: z.string({ error: "Enter your reply" }).trim().min(1, "Enter your reply").max(REPLY_MAX, `Reply must be ${REPLY_MAX} characters or fewer`),
});

async function load(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const { viewer } = await requireViewer(args.request, args.context, [patient]);
  const id = parseId(args.params.bulkMessageId);
  if (id === null || !viewer.patient) throw new NotFound("bulk message");
  return { patientId: viewer.patient.id, message: await messageForPatient(args.context.db, viewer.patient.id, id) };
}

export async function loader(args: LoaderFunctionArgs) {
  const { message, patientId } = await load(args);
  const now = args.context.clock.now();
  const files = await attachmentsForPatient(args.context.db, args.context.config.sessionSecret, message.id, patientId, now);
  const questionnaire = await patientQuestionnaire(args.context.db, now, message.id, patientId);
  return json({ title: message.title, body: message.body, practiceName: message.practiceName, sentAt: message.sentAt ? formatLondonDateTime(message.sentAt) : "", files, questionnaire });
}

export async function action(args: ActionFunctionArgs) {
  const { patientId, message } = await load(args);
  const submission = parseWithZod(await args.request.formData(), { schema: ReplySchema });
  if (submission.status !== "success") return formRejected(submission);
  await replyToMessage(args.context.db, args.context.clock.now(), patientId, message.id, submission.value.reply);
  return redirectWithFlash(args.request, args.context, "/patient_bulk_messages/patient", { kind: "success", text: `Your reply has been sent to ${message.practiceName}.` });
}

export default function ReplyToBulkMessage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(ReplySchema, { lastResult: actionData?.lastResult });
  return (
    <FormPage title={data.title} caption={`${data.practiceName}, ${data.sentAt}`} back={{ href: "/patient_bulk_messages/patient" }} errors={summaryErrors([fields.reply], form.errors)}>
      <div className="nhsuk-inset-text">
        <p className="app-thread__body">{data.body}</p>
      </div>
      {data.files.length > 0 ? (
        <>
          <h2 className="nhsuk-heading-s">Attachments</h2>
          <ul className="nhsuk-list">
            {data.files.map((f) => (
              <li key={f.href}>{f.expired ? `${f.fileName} (the link has expired: contact the practice if you still need it)` : <a href={f.href}>{f.fileName}</a>}</li>
            ))}
          </ul>
        </>
      ) : null}
      {data.questionnaire ? (
        <>
          <h2 className="nhsuk-heading-s">Questionnaire</h2>
          <p>
            {data.questionnaire.answered ? (
              `You have answered "${data.questionnaire.title}". Thank you.`
            ) : data.questionnaire.expired ? (
              `The link to "${data.questionnaire.title}" has expired: contact the practice if you still need to answer.`
            ) : (
              <a href={data.questionnaire.href}>Answer the questionnaire: {data.questionnaire.title}</a>
            )}
          </p>
        </>
      ) : null}
      <PostForm {...getFormProps(form)} noValidate>
        <Textarea meta={fields.reply} label="Your reply" hint="Do not use this for urgent medical help. Call 111, or 999 in an emergency." />
        <Button>Send reply</Button>
      </PostForm>
    </FormPage>
  );
}
