import { requestOrigin } from "~/web/origin";
import { formRejected } from "~/web/forms.server";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TextInput, NewPasswordInput } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import type { AppContext } from "~/context.server";
import { TokenRegistrationSchema } from "~/domain/accounts/account-forms";
import { redirectToEmailSent } from "~/web/accounts/registration.server";
import { grantPatient, registerWithMagicLink } from "~/domain/accounts/token-registration.server";
import { findMagicLink } from "~/domain/auth/magic-links.server";
import { getTokenGrant } from "~/web/auth/token-grant.server";
import type { PageHandle } from "~/components/hydration";

const TITLES = { form: "Create an account", has_account: "You already have an account" } as const;

export const handle = {
  title: (data: { state?: keyof typeof TITLES } | undefined) => (data?.state ? TITLES[data.state] : TITLES.form),
  hydrate: false,
} satisfies PageHandle;

/**
 * Only a holder who confirmed the date of birth for this very link may register with it;
 * anyone else is sent to /security/{token} first. A dead link goes there too, which says so.
 */
async function requireGrantFor(request: Request, context: AppContext, token: string) {
  const securityPath = `/security/${encodeURIComponent(token)}`;
  const link = await findMagicLink(context, token);
  if (!link) throw redirect(securityPath);
  const grant = await getTokenGrant(request, context);
  if (grant?.tokenId !== link.tokenId) throw redirect(securityPath);
  return { grant, link };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { grant, link } = await requireGrantFor(request, context, params.token ?? "");
  const patient = await grantPatient(context, grant);
  if (!patient?.mayRegister) return json({ state: "has_account" as const, loginHref: `/${link.practice.urlCode}/login` });
  return json({
    state: "form" as const,
    practiceName: link.practice.name,
    name: `${patient.firstName} ${patient.lastName}`,
    email: patient.email ?? "",
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const { grant } = await requireGrantFor(request, context, token);
  const submission = parseWithZod(await request.formData(), { schema: TokenRegistrationSchema });
  if (submission.status !== "success") return formRejected(submission, { hideFields: ["password"] });
  const result = await registerWithMagicLink(context, requestOrigin(request), grant, submission.value);
  // A record taken meanwhile: the page now says the record has an account.
  if (result.status === "has_account") return redirect(`/register/${encodeURIComponent(token)}`, 303);
  return redirectToEmailSent(context, request, result.practice, submission.value.email, "registration");
}

export default function RegisterWithToken() {
  const data = useLoaderData<typeof loader>();
  switch (data.state) {
    case "has_account":
      return (
        <div className="nhsuk-grid-row">
          <div className="nhsuk-grid-column-two-thirds">
            <h1>{TITLES.has_account}</h1>
            <p>There is already an account for this patient record.</p>
            <p>
              <a href={data.loginHref}>Sign in</a>
            </p>
          </div>
        </div>
      );
    case "form":
      return <RegistrationForm {...data} />;
  }
}

function RegistrationForm({ practiceName, name, email }: { practiceName: string; name: string; email: string }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(TokenRegistrationSchema, {
    lastResult: actionData?.lastResult,
    defaultValue: { email },
  });
  const errors = summaryErrors([fields.email, fields.confirmEmail, fields.password]);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={errors} />
        <h1>{TITLES.form}</h1>
        <p>Create an account to contact {practiceName} and see your requests and messages at any time.</p>
        <dl className="nhsuk-summary-list">
          <div className="nhsuk-summary-list__row nhsuk-summary-list__row--no-actions">
            <dt className="nhsuk-summary-list__key">Name</dt>
            <dd className="nhsuk-summary-list__value">{name}</dd>
          </div>
        </dl>
        <p className="nhsuk-body-s">Your name comes from your practice's records. If it is wrong, tell your practice.</p>
        <PostForm {...getFormProps(form)}>
          <TextInput meta={fields.email} label="Email address" type="email" autoComplete="email" spellCheck={false} />
          <TextInput meta={fields.confirmEmail} label="Confirm email address" type="email" autoComplete="email" spellCheck={false} />
          <NewPasswordInput meta={fields.password} />
          <Button>Create account</Button>
        </PostForm>
      </div>
    </div>
  );
}
