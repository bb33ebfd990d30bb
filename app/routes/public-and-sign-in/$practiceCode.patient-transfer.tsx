import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Radios, TextInput } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { Button, CheckboxField } from "~/components/Fields";
import { FormPage } from "~/components/FormPage";
import { summaryErrors, useNhsForm } from "~/components/forms";
import type { AppContext } from "~/context.server";
import { noGPNoGuestAccount } from "~/domain/auth/guards";
import { myPatientRecord } from "~/domain/patients/my-details.server";
import { hasRequestsToSend, PatientTransferSchema, TRANSFER_MESSAGES, WHICH_REQUESTS } from "~/domain/patients/patient-transfer";
import { askToSendRequests, sentRequestCounts } from "~/domain/patients/patient-transfer.server";
import { permissionDeniedPath, requireViewer } from "~/web/auth/guards.server";
import { formRejected } from "~/web/forms.server";
import { requestOrigin } from "~/web/origin";
import { notFound } from "~/web/responses.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Moving to another GP practice", hydrate: false } satisfies PageHandle;

/**
 * /{code}/patient-transfer (spec 2 §2.1, guard patient): a patient moving practice reads what
 * happens to the requests they sent here and may ask for them to be sent on; the ask reaches
 * the practice as an administrative request (decision 0104). Only with a record of their own here.
 */
async function guard(request: Request, context: AppContext, practiceCode: string | undefined) {
  const { viewer, practice } = await requireViewer(request, context, [noGPNoGuestAccount], { practiceCode });
  if (!practice) throw notFound();
  const record = await myPatientRecord(context.db, viewer.userId, practice.id);
  if (!record) throw redirect(permissionDeniedPath(undefined, practice.urlCode));
  const counts = await sentRequestCounts(context.db, practice.id, record.id);
  return { viewer, practice, record, counts };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, counts } = await guard(request, context, params.practiceCode);
  return json({ practiceName: practice.name, code: practice.urlCode, counts });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice, record, counts } = await guard(request, context, params.practiceCode);
  const submission = parseWithZod(await request.formData(), { schema: PatientTransferSchema });
  if (submission.status !== "success") return formRejected(submission);
  if (!hasRequestsToSend(submission.value.which, counts)) {
    return formRejected(submission, { fieldErrors: { which: [TRANSFER_MESSAGES.nothingToSend] } });
  }
  const entry = await askToSendRequests(context, requestOrigin(request), practice, {
    userId: viewer.userId,
    patientId: record.id,
    counts,
    form: submission.value,
  });
  throw redirect(`/${practice.urlCode}/submitted?entry=${entry.id}`, { status: 303 });
}

export default function PatientTransfer() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(PatientTransferSchema, { lastResult: actionData?.lastResult });
  const errors = summaryErrors([fields.newPractice, fields.newPracticeTown, fields.which, fields.consent], form.errors, fields.newPractice.id);
  const { all, open } = data.counts;
  return (
    <FormPage title="Moving to another GP practice" caption={data.practiceName} errors={errors}>
      <p>When you register with a new GP practice, your GP health record moves to it. This is what happens to what you sent {data.practiceName} here.</p>
      <h2 className="nhsuk-heading-m">Your requests and messages</h2>
      <ul>
        <li>
          {all === 0
            ? `You have not sent any requests to ${data.practiceName}.`
            : `You have sent ${all} ${all === 1 ? "request" : "requests"} to ${data.practiceName}; ${open} ${open === 1 ? "is" : "are"} not answered yet.`}
        </li>
        <li>They stay with {data.practiceName}, which keeps them as part of your record there. You can still read them here.</li>
        <li>{data.practiceName} answers requests you have already sent while you are still registered with them.</li>
        <li>Once you have moved, send new requests to your new practice.</li>
      </ul>
      <h2 className="nhsuk-heading-m">Ask for your requests to be sent on</h2>
      <p>
        {data.practiceName} can send a copy of your requests and their messages to your new practice. Your ask reaches them as a request, and they
        reply to you as for any request.
      </p>
      <PostForm {...getFormProps(form)} noValidate>
        <TextInput meta={fields.newPractice} label="Name of your new GP practice" autoComplete="off" />
        <TextInput meta={fields.newPracticeTown} label="Town or city of your new GP practice" optional autoComplete="off" width={20} />
        <Radios meta={fields.which} legend="Which requests should be sent?" options={WHICH_REQUESTS} />
        <CheckboxField
          id={fields.consent.id}
          name={fields.consent.name}
          value="yes"
          label={`I agree to ${data.practiceName} sharing these requests and messages with my new practice`}
          error={fields.consent.errors?.[0]}
          defaultChecked={fields.consent.initialValue === "yes"}
        />
        <Button>Send my ask to {data.practiceName}</Button>
      </PostForm>
    </FormPage>
  );
}
