import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Radios } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { Button, TextareaField } from "~/components/Fields";
import { FormPage } from "~/components/FormPage";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { FFT_MESSAGES, FFT_OPTIONS, FFT_QUESTION, FftSchema, REASON_MAX_LENGTH } from "~/domain/feedback/fft";
import { answerFft, openFftLink } from "~/domain/feedback/fft.server";
import type { LinkState } from "~/domain/feedback/fft";
import { formRejected } from "~/web/forms.server";
import type { PageHandle } from "~/components/hydration";

export const handle = {
  title: (data: { state?: LinkState | "answered" } | undefined) =>
    data?.state === "open" || !data?.state ? "Friends and family test" : data.state === "answered" ? FFT_MESSAGES.thanks : TITLES[data.state],
  hydrate: false,
} satisfies PageHandle;

const TITLES: Record<Exclude<LinkState, "open">, string> = { expired: FFT_MESSAGES.expired, used: FFT_MESSAGES.used, unknown: FFT_MESSAGES.unknown };

/**
 * /friends-family-test/{token} (spec 2 §2.10): public, from the link sent after an appointment.
 * The NHS friends and family test question and a reason; the link works once and expires
 * (global setting fft_link_expiry). An expired, used or unknown link says so and what to do
 * instead (410 for expired or used, 404 for unknown). Nothing identifies the person on the page.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const link = await openFftLink(context.db, params.token, context.clock.now());
  return json({ state: link.state, practiceName: link.practiceName }, { status: statusOf(link.state) });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const link = await openFftLink(context.db, params.token, context.clock.now());
  if (link.state !== "open") return json({ state: link.state, practiceName: link.practiceName, lastResult: null }, { status: statusOf(link.state) });
  const submission = parseWithZod(await request.formData(), { schema: FftSchema });
  if (submission.status !== "success") return json({ state: "open" as const, practiceName: link.practiceName, lastResult: submission.reply() }, { status: 400 });
  const result = await answerFft(context.db, params.token, submission.value, context.clock.now());
  // Answered: the thanks page is this one (a reload finds the link used, which says the same).
  return json({ state: result, practiceName: link.practiceName, lastResult: null }, { status: result === "answered" ? 200 : statusOf(result) });
}

function statusOf(state: LinkState) {
  return state === "open" ? 200 : state === "unknown" ? 404 : 410;
}

export default function FriendsFamilyTest() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const state = actionData?.state ?? loaded.state;
  const practiceName = actionData?.practiceName ?? loaded.practiceName ?? "your GP practice";
  const [form, fields] = useNhsForm(FftSchema, { lastResult: actionData?.lastResult ?? undefined });
  if (state === "answered") {
    return (
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-two-thirds">
          <div className="nhsuk-panel">
            <h1 className="nhsuk-panel__title">{FFT_MESSAGES.thanks}</h1>
            <div className="nhsuk-panel__body">Your answer has been sent to {practiceName}.</div>
          </div>
          <p>{practiceName} reads every answer to improve its service. It does not reply to them.</p>
          <p>If you need help with your health, contact your practice, or call 111. Call 999 in an emergency.</p>
        </div>
      </div>
    );
  }
  if (state !== "open") {
    return (
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-two-thirds">
          <h1>{TITLES[state]}</h1>
          {state === "used" ? <p>This link has already been used to answer the friends and family test. Thank you: each link can be used once.</p> : null}
          {state === "expired" ? <p>Links to the friends and family test work for a limited time after an appointment, and this one has run out.</p> : null}
          {state === "unknown" ? <p>Check that you copied the whole link from the message you were sent.</p> : null}
          <p>To tell {practiceName} about your experience, you can use Give feedback after signing in, or contact the practice.</p>
        </div>
      </div>
    );
  }
  const errors = summaryErrors([fields.answer, fields.reason], form.errors, fields.answer.id);
  return (
    <FormPage title="Friends and family test" caption={practiceName} errors={errors}>
      <p>We would like you to think about your recent experience of our service.</p>
      <PostForm {...getFormProps(form)} noValidate>
        <Radios meta={fields.answer} legend={FFT_QUESTION} options={FFT_OPTIONS} />
        <TextareaField
          id={fields.reason.id}
          name={fields.reason.name}
          label="Please can you tell us why you gave your answer?"
          hint="Do not include your name or medical details. Your answer is anonymous."
          optional
          rows={5}
          maxLength={REASON_MAX_LENGTH}
          error={fields.reason.errors?.[0]}
        />
        <Button>Send answer</Button>
      </PostForm>
    </FormPage>
  );
}
