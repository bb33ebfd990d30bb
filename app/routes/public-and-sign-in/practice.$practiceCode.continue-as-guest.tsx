import { requestOrigin } from "~/web/origin";
import { formRejected } from "~/web/forms.server";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { dateSummaryErrors } from "~/components/accounts/ConformFields";
import { PatientIdentityFields } from "~/components/accounts/PatientIdentityFields";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { continueAsGuest } from "~/domain/accounts/guest-entry.server";
import { guestEntrySchema } from "~/domain/accounts/registration-forms";
import { answerPatientMatch, dateOfBirthOptions, guardRegistration, patientIdentityPage } from "~/web/accounts/registration.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Continue as a guest", hydrate: false } satisfies PageHandle;

/**
 * Guest entry (spec 2 §2.2): a registered patient contacts the practice without an account.
 * They confirm their e-mail address by a link, which signs them in as a guest.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return patientIdentityPage(request, context, params.practiceCode);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const practice = await guardRegistration(request, context, params.practiceCode);
  const submission = parseWithZod(await request.formData(), { schema: guestEntrySchema(await dateOfBirthOptions(context)) });
  if (submission.status !== "success") return formRejected(submission);
  const result = await continueAsGuest(context, requestOrigin(request), practice, submission.value);
  return answerPatientMatch(context, request, practice, submission, result, { kind: "guest" });
}

export default function ContinueAsGuest() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(guestEntrySchema({ today: new Date(), maximumPatientAge: data.maximumPatientAge }), {
    lastResult: actionData?.lastResult,
  });
  const errors = [
    ...summaryErrors([fields.firstName, fields.lastName], form.errors, fields.firstName.id),
    ...dateSummaryErrors(fields.dateOfBirth),
    ...summaryErrors([fields.postcode, fields.email, fields.confirmEmail, fields.mobile]),
  ];
  const code = data.practice.urlCode;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={errors} />
        <span className="nhsuk-caption-l">{data.practice.name}</span>
        <h1>Continue as a guest</h1>
        <p>
          You can contact {data.practice.name} without creating an account. You must be registered at the practice. We will
          email you a link to continue.
        </p>
        <PostForm {...getFormProps(form)} noValidate>
          <PatientIdentityFields fields={fields} />
          <Button>Continue</Button>
        </PostForm>
        <p>
          Already have an account? <a href={`/${code}/login`}>Sign in</a>
        </p>
        <p>
          Want to save time next time? <a href={`/practice/${code}/register`}>Create an account</a>
        </p>
      </div>
    </div>
  );
}
