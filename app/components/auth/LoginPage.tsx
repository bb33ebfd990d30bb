import { getFormProps, getInputProps } from "@conform-to/react";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { SignInSchema } from "~/domain/auth/sign-in-form";
import type { LoginActionData, LoginLoaderData } from "~/domain/auth/login-route.server";

/** The sign-in page, shared by /login and /{practiceCode}/login. */
export function LoginPage() {
  const data = useLoaderData<LoginLoaderData>();
  const actionData = useActionData<LoginActionData>();
  const [form, fields] = useNhsForm(SignInSchema, {
    lastResult: actionData?.lastResult,
    defaultValue: { redirect: data.redirect ?? "" },
  });
  const errors = summaryErrors(
    [
      { id: fields.email.id, errors: fields.email.errors },
      { id: fields.password.id, errors: fields.password.errors },
    ],
    form.errors,
    fields.email.id,
  );
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        {data.expiredMessage ? (
          <div className="nhsuk-inset-text">
            <span className="nhsuk-u-visually-hidden">Information: </span>
            <p>{data.expiredMessage}</p>
          </div>
        ) : null}
        <ErrorSummary errors={errors} />
        <h1>{data.practiceName ? `Sign in to contact ${data.practiceName}` : "Sign in"}</h1>
        <PostForm {...getFormProps(form)}>
          {data.redirect ? <input type="hidden" name="redirect" value={data.redirect} /> : null}
          <div className={`nhsuk-form-group${fields.email.errors || form.errors ? " nhsuk-form-group--error" : ""}`}>
            <label className="nhsuk-label" htmlFor={fields.email.id}>
              Email address
            </label>
            {fields.email.errors ? (
              <span className="nhsuk-error-message" id={fields.email.errorId}>
                <span className="nhsuk-u-visually-hidden">Error:</span> {fields.email.errors[0]}
              </span>
            ) : null}
            <input
              {...getInputProps(fields.email, { type: "email" })}
              className={`nhsuk-input${fields.email.errors ? " nhsuk-input--error" : ""}`}
              autoComplete="username"
              spellCheck={false}
            />
          </div>
          <div className={`nhsuk-form-group${fields.password.errors ? " nhsuk-form-group--error" : ""}`}>
            <label className="nhsuk-label" htmlFor={fields.password.id}>
              Password
            </label>
            {fields.password.errors ? (
              <span className="nhsuk-error-message" id={fields.password.errorId}>
                <span className="nhsuk-u-visually-hidden">Error:</span> {fields.password.errors[0]}
              </span>
            ) : null}
            <input
              {...getInputProps(fields.password, { type: "password" })}
              defaultValue=""
              className={`nhsuk-input${fields.password.errors ? " nhsuk-input--error" : ""}`}
              autoComplete="current-password"
            />
          </div>
          <Button>Sign in</Button>
        </PostForm>
        <p>
          <a href="/password/reset">Forgotten your password?</a>
        </p>
        {data.registerHref ? (
          <p>
            New to {data.productName}? <a href={data.registerHref}>Create an account</a>
          </p>
        ) : null}
      </div>
    </div>
  );
}
