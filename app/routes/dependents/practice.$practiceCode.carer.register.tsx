import { requestOrigin } from "~/web/origin";
import { formRejected } from "~/web/forms.server";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TextInput, NewPasswordInput } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { CarerRegistrationSchema } from "~/domain/accounts/registration-forms";
import { guardRegistration, redirectToEmailSent } from "~/web/accounts/registration.server";
import { registerCarer } from "~/domain/accounts/registration.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Create a carer account", hydrate: false } satisfies PageHandle;

/**
 * Carer registration (spec 1 §2.2, spec 2 §2.3): the carer's own account, role carer_user.
 * The people they care for are added once they are signed in.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const practice = await guardRegistration(request, context, params.practiceCode);
  return json({ practice: { name: practice.name, urlCode: practice.urlCode }, productName: context.config.productName });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const practice = await guardRegistration(request, context, params.practiceCode);
  const submission = parseWithZod(await request.formData(), { schema: CarerRegistrationSchema });
  if (submission.status !== "success") return formRejected(submission, { hideFields: ["password"] });
  await registerCarer(context, requestOrigin(request), practice, submission.value);
  return redirectToEmailSent(context, request, practice, submission.value.email, "registration");
}

export default function CarerRegistration() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(CarerRegistrationSchema, {
    lastResult: actionData?.lastResult,
  });
  const errors = summaryErrors([fields.firstName, fields.lastName, fields.email, fields.confirmEmail, fields.mobile, fields.password]);
  const code = data.practice.urlCode;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={errors} />
        <span className="nhsuk-caption-l">{data.practice.name}</span>
        <h1>Create a carer account</h1>
        <p>
          A carer account lets you contact {data.practice.name} for the people you care for. Enter your own details here. Once
          you have confirmed your email address and signed in, you can add the people you care for. They must be registered
          at {data.practice.name}.
        </p>
        <PostForm {...getFormProps(form)} noValidate>
          <TextInput meta={fields.firstName} label="Your first name" autoComplete="given-name" spellCheck={false} />
          <TextInput meta={fields.lastName} label="Your last name" autoComplete="family-name" spellCheck={false} />
          <TextInput meta={fields.email} label="Email address" type="email" autoComplete="email" spellCheck={false} />
          <TextInput meta={fields.confirmEmail} label="Confirm email address" type="email" autoComplete="email" spellCheck={false} />
          <TextInput
            meta={fields.mobile}
            label="Mobile phone number"
            type="tel"
            hint="For example, 07700 900 123"
            autoComplete="tel"
            width={20}
          />
          <NewPasswordInput meta={fields.password} />
          <Button>Create carer account</Button>
        </PostForm>
        <p>
          Already have an account? <a href={`/${code}/login`}>Sign in</a>
        </p>
        <p>
          Registering for yourself? <a href={`/practice/${code}/register`}>Create a patient account</a>
        </p>
      </div>
    </div>
  );
}
