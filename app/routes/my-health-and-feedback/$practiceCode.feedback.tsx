import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Radios } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { Button, CheckboxField, TextareaField } from "~/components/Fields";
import { FormPage } from "~/components/FormPage";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { loggedin, patient } from "~/domain/auth/guards";
import { COMMENT_MAX_LENGTH, FEEDBACK_MESSAGES, FeedbackSchema, RATINGS } from "~/domain/feedback/feedback";
import { giveFeedback } from "~/domain/feedback/feedback.server";
import { actingPatients } from "~/domain/requests/access.server";
import { permissionDeniedPath, requireViewer } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { practiceNamedInUrl } from "~/web/practices.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Give feedback", hydrate: false } satisfies PageHandle;

/**
 * /{code}/feedback and /feedback (spec 2 §2.2, §7.8; app/route-table.mjs): a patient or carer
 * rates the practice or Frontdoor itself and may leave a comment and agree to be contacted.
 * Without a practice in the URL it is their own practice (or the first of the people they care
 * for); someone with no patient record at the practice is denied. Staff read it at
 * /{code}/patient-feedback.
 */
async function open(request: Request, context: LoaderFunctionArgs["context"], code: string | undefined) {
  const { viewer, practice: named } = await requireViewer(request, context, [loggedin, patient], { practiceCode: code });
  // Without a code: their own practice, or (a carer with no record of their own) the first of the people they care for.
  const acting = await actingPatients(context.db, viewer.userId);
  const homeCode = viewer.patient?.urlCode ?? acting[0]?.practiceCode ?? null;
  const practice = named ?? (homeCode ? await practiceNamedInUrl(request, context, homeCode) : null);
  if (!practice || !acting.some((p) => p.practiceId === practice.id)) throw redirect(permissionDeniedPath(undefined, practice?.urlCode));
  return { viewer, practice };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice } = await open(request, context, params.practiceCode);
  return json({ practiceName: practice.name, code: practice.urlCode, productName: context.config.productName });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice } = await open(request, context, params.practiceCode);
  const submission = parseWithZod(await request.formData(), { schema: FeedbackSchema });
  if (submission.status !== "success") return formRejected(submission);
  await giveFeedback(context.db, { practiceId: practice.id, userId: viewer.userId, feedback: submission.value, now: context.clock.now() });
  const about = submission.value.feedbackFor === "practice" ? practice.name : context.config.productName;
  return redirectWithFlash(request, context, new URL(request.url).pathname, { kind: "success", text: FEEDBACK_MESSAGES.succeeded(about) });
}

export default function Feedback() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(FeedbackSchema, { lastResult: actionData?.lastResult });
  const errors = summaryErrors([fields.feedbackFor, fields.rating, fields.comment], form.errors, fields.feedbackFor.id);
  return (
    <FormPage title="Give feedback" errors={errors}>
      <p>Tell us how we are doing. Do not use this form for medical questions or anything urgent: make a request instead.</p>
      <PostForm {...getFormProps(form)} noValidate>
        <Radios
          meta={fields.feedbackFor}
          legend="What is your feedback about?"
          options={[
            { value: "practice", label: data.practiceName, hint: "Your GP practice and its staff" },
            { value: "frontdoor", label: `This website (${data.productName})`, hint: "Read by the team that makes this website" },
          ]}
        />
        <Radios meta={fields.rating} legend="Overall, how would you rate it?" options={RATINGS} />
        <TextareaField
          id={fields.comment.id}
          name={fields.comment.name}
          label="Tell us why"
          optional
          hint="Do not include medical details."
          rows={5}
          maxLength={COMMENT_MAX_LENGTH}
          defaultValue={typeof fields.comment.initialValue === "string" ? fields.comment.initialValue : undefined}
          error={fields.comment.errors?.[0]}
        />
        <CheckboxField
          id={fields.mayContact.id}
          name={fields.mayContact.name}
          value="yes"
          label="You may contact me about my feedback"
          hint="We will use the contact details in your account."
          defaultChecked={fields.mayContact.initialValue === "yes"}
        />
        <Button>Send feedback</Button>
      </PostForm>
    </FormPage>
  );
}
