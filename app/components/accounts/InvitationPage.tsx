import { getFormProps } from "@conform-to/react";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TextInput, NewPasswordInput } from "~/components/accounts/ConformFields";
import { LinkExpired } from "~/components/accounts/LinkPages";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import type { InvitationActionData, InvitationLoaderData } from "~/web/accounts/invitation-route.server";
import { InvitationRegistrationSchema } from "~/domain/accounts/registration-forms";

const ROLE_NAMES = { gp: "GP", receptionist: "Receptionist", practice_admin: "Practice administrator" } as const;

export function invitationTitle(data: { state?: string } | undefined): string {
  switch (data?.state) {
    case "expired":
      return "This invitation has expired";
    case "sign_in":
    case "accept":
    case "wrong_account":
      return "Accept your invitation";
    default:
      return "Create your account";
  }
}

/** Staff and practice-admin invitations (spec 1 §2.2): register, or accept with an account. */
export function InvitationPage() {
  const data = useLoaderData<InvitationLoaderData>();
  const actionData = useActionData<InvitationActionData>();
  const [form, fields] = useNhsForm(InvitationRegistrationSchema, {
    lastResult: actionData?.lastResult ?? undefined,
  });

  if (data.state === "expired") {
    return (
      <LinkExpired signInHref="/login">
        <p>Invitation links work once and expire after 7 days, or when a newer invitation is sent.</p>
        <p>Ask your practice administrator to send you a new invitation.</p>
        <p>If you have already created your account, you can sign in.</p>
      </LinkExpired>
    );
  }

  const role = data.role ? ROLE_NAMES[data.role] : "";
  const caption = (
    <span className="nhsuk-caption-l">
      {data.practiceName} – {role}
    </span>
  );

  if (data.state === "sign_in" || data.state === "accept" || data.state === "wrong_account") {
    return (
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-two-thirds">
          {caption}
          <h1>Accept your invitation</h1>
          <p>
            You have been invited to {data.practiceName} on {data.productName} as {role === "GP" ? "a GP" : `a ${role.toLowerCase()}`}.
          </p>
          {data.state === "sign_in" ? (
            <>
              <p>
                There is already a {data.productName} account for <strong>{data.email}</strong>. Sign in to it to accept the
                invitation.
              </p>
              <p>
                <a href={data.signInHref}>Sign in to accept</a>
              </p>
            </>
          ) : data.state === "accept" ? (
            <PostForm>
              <input type="hidden" name="intent" value="accept" />
              <Button>Accept invitation</Button>
            </PostForm>
          ) : (
            <>
              <p>
                This invitation is for <strong>{data.email}</strong>, but you are signed in with another account. Log out, then
                open the link in the invitation email again.
              </p>
              <PostForm action="/logout">
                <Button variant="secondary">Log out</Button>
              </PostForm>
            </>
          )}
        </div>
      </div>
    );
  }

  const errors = summaryErrors([fields.firstName, fields.lastName, fields.password]);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={errors} />
        {caption}
        <h1>Create your account</h1>
        <p>
          You have been invited to {data.practiceName} on {data.productName}. Your account will use the email address the
          invitation was sent to.
        </p>
        <dl className="nhsuk-summary-list">
          <div className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">Email address</dt>
            <dd className="nhsuk-summary-list__value">{data.email}</dd>
          </div>
        </dl>
        <PostForm {...getFormProps(form)} noValidate>
          <input type="hidden" name="intent" value="register" />
          <TextInput meta={fields.firstName} label="First name" autoComplete="given-name" spellCheck={false} />
          <TextInput meta={fields.lastName} label="Last name" autoComplete="family-name" spellCheck={false} />
          <NewPasswordInput meta={fields.password} />
          <Button>Create account</Button>
        </PostForm>
      </div>
    </div>
  );
}
