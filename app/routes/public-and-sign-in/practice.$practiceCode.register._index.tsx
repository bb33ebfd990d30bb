import { requestOrigin } from "~/web/origin";
import { formRejected } from "~/web/forms.server";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { dateSummaryErrors, NewPasswordInput } from "~/components/accounts/ConformFields";
import { PatientIdentityFields } from "~/components/accounts/PatientIdentityFields";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { patientRegistrationSchema } from "~/domain/accounts/registration-forms";
import { answerPatientMatch, dateOfBirthOptions, guardRegistration, patientIdentityPage } from "~/web/accounts/registration.server";
import { registerPatient } from "~/domain/accounts/registration.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Create an account", hydrate: false } satisfies PageHandle;

/** Patient registration (spec 1 §2.2): a registered patient of the practice creates an account. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return patientIdentityPage(request, context, params.practiceCode);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const practice = await guardRegistration(request, context, params.practiceCode);
  const submission = parseWithZod(await request.formData(), { schema: patientRegistrationSchema(await dateOfBirthOptions(context)) });
  if (submission.status !== "success") return formRejected(submission, { hideFields: ["password"] });
  const result = await registerPatient(context, requestOrigin(request), practice, submission.value);
  return answerPatientMatch(context, request, practice, submission, result, { kind: "registration", hideFields: ["password"] });
}

export default function PatientRegistration() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(patientRegistrationSchema({ today: new Date(), maximumPatientAge: data.maximumPatientAge }), {
    lastResult: actionData?.lastResult,
  });
  const errors = [
    ...summaryErrors([fields.firstName, fields.lastName], form.errors, fields.firstName.id),
    ...dateSummaryErrors(fields.dateOfBirth),
    ...summaryErrors([fields.postcode, fields.email, fields.confirmEmail, fields.mobile, fields.password]),
  ];
  const code = data.practice.urlCode;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={errors} />
        <span className="nhsuk-caption-l">{data.practice.name}</span>
        <h1>Create an account</h1>
        <p>
          You must be registered at {data.practice.name} to create a {data.productName} account. Enter your details as your
          practice has them.
        </p>
        <PostForm {...getFormProps(form)} noValidate>
          <PatientIdentityFields fields={fields} />
          <NewPasswordInput meta={fields.password} />
          <Button>Create account</Button>
        </PostForm>
        <p>
          Already have an account? <a href={`/${code}/login`}>Sign in</a>
        </p>
        <p>
          <a href={`/practice/${code}/continue-as-guest`}>Continue as a guest</a> if you do not want an account.
        </p>
        <p>
          Caring for someone? <a href={`/practice/${code}/carer/register`}>Create a carer account</a>
        </p>
      </div>
    </div>
  );
}
