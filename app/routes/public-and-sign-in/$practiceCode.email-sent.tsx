import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { RESEND_TOO_SOON } from "~/domain/accounts/email-sent.server";
import { readEmailSent, resendFromEmailSent } from "~/web/accounts/email-sent.server";
import { isSecureRequest } from "~/web/cookies";
import { setFlashCookie } from "~/web/flash.server";
import { notFound } from "~/web/responses.server";
import { findPracticeByCode } from "~/domain/practices/practices.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Check your email", hydrate: false } satisfies PageHandle;

async function practiceFor(context: LoaderFunctionArgs["context"], code: string | undefined) {
  const practice = code ? await findPracticeByCode(context.db, code) : null;
  if (!practice) throw notFound();
  return practice;
}

/** After registration, carer registration or guest entry: what happens next (spec 1 §2.2). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const practice = await practiceFor(context, params.practiceCode);
  const pending = readEmailSent(context, request, practice.urlCode);
  return json({
    practice: { name: practice.name, urlCode: practice.urlCode },
    email: pending?.email ?? null,
    kind: pending?.kind ?? null,
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const practice = await practiceFor(context, params.practiceCode);
  const result = await resendFromEmailSent(context, request, practice);
  if (result.status === "too_soon") return json({ errors: [RESEND_TOO_SOON] }, { status: 429 });
  const headers = new Headers();
  if (result.status === "sent") {
    headers.append("Set-Cookie", result.cookie);
    headers.append(
      "Set-Cookie",
      setFlashCookie(context.config.sessionSecret, { kind: "success", text: "We have sent the email again." }, isSecureRequest(request)),
    );
  }
  return redirect(`/${practice.urlCode}/email-sent`, { status: 303, headers });
}

export default function EmailSent() {
  const { practice, email, kind } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = (actionData?.errors ?? []).map((message) => ({ fieldId: "resend", message }));
  const startAgain = kind === "guest" ? `/practice/${practice.urlCode}/continue-as-guest` : `/practice/${practice.urlCode}/register`;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={errors} />
        <h1>Check your email</h1>
        {email ? (
          <p className="nhsuk-lede-text">
            We have sent an email to <strong>{email}</strong>.
          </p>
        ) : (
          <p className="nhsuk-lede-text">We have sent you an email.</p>
        )}
        <h2>What happens next</h2>
        {kind === "guest" ? (
          <p>Open the email and select the link in it to continue to {practice.name}. The link works once and expires in 24 hours.</p>
        ) : (
          <p>
            Open the email and select the link in it to confirm your email address. Then you can sign in. The link works once and
            expires in 24 hours.
          </p>
        )}
        <h2>If you cannot find the email</h2>
        <p>It can take a few minutes to arrive. Check your spam or junk folder.</p>
        {email ? (
          <PostForm id="resend">
            <Button variant="secondary">Send the email again</Button>
          </PostForm>
        ) : (
          <p>
            If the link has expired, <a href={`/${practice.urlCode}/login`}>sign in</a> and we will send you a new one.
          </p>
        )}
        <p>
          If you typed the wrong email address, <a href={startAgain}>start again</a>.
        </p>
      </div>
    </div>
  );
}
