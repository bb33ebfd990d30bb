import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { useActionData, useRouteLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { copy } from "~/copy";
import { isSecureRequest } from "~/web/cookies";
import { setFlashCookie } from "~/web/flash.server";
import { safeRedirectPath } from "~/web/redirects";
import { SUGGESTION_MAX_LENGTH, SuggestionSchema } from "~/domain/shell/suggestion-schema";
import { submitSuggestion } from "~/domain/shell/suggestions.server";
import type { RootLoaderData } from "~/root";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Suggest an improvement", hydrate: false } satisfies PageHandle;

/**
 * The suggestion form (spec 1 §4, §8). Without JS it is this page: post, then redirect
 * back with a success message. With JS the footer link opens the same form in a dialog,
 * which posts here with `mode=dialog` and gets JSON back instead of a redirect.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: SuggestionSchema });
  const dialog = formData.get("mode") === "dialog";
  if (submission.status !== "success") {
    return json({ lastResult: submission.reply(), sent: false }, { status: 400 });
  }
  const returnTo = safeRedirectPath(formData.get("returnTo"), "/suggestion");
  await submitSuggestion(context.db, {
    comment: submission.value.comment,
    feedbackFor: context.config.productName,
    fromPath: new URL(returnTo, "http://x").pathname,
  });
  const message = copy.suggestion.succeeded(context.config.productName);
  if (dialog) return json({ lastResult: submission.reply({ resetForm: true }), sent: true });
  return redirect(returnTo, {
    status: 303,
    headers: { "Set-Cookie": setFlashCookie(context.config.sessionSecret, { kind: "success", text: message }, isSecureRequest(request)) },
  });
}

export default function Suggestion() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(SuggestionSchema, {
    lastResult: actionData?.lastResult,
  });
  const product = useRouteLoaderData<RootLoaderData>("root")?.productName ?? "Frontdoor";
  const errors = summaryErrors([{ id: fields.comment.id, errors: fields.comment.errors }]);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={errors} />
        <PostForm {...getFormProps(form)} noValidate>
          <input type="hidden" name="returnTo" value="/suggestion" />
          <div className={`nhsuk-form-group${fields.comment.errors ? " nhsuk-form-group--error" : ""}`}>
            <h1 className="nhsuk-label-wrapper">
              <label className="nhsuk-label nhsuk-label--l" htmlFor={fields.comment.id}>
                Suggest an improvement
              </label>
            </h1>
            <div className="nhsuk-hint" id={fields.comment.descriptionId}>
              Tell us how we could make {product} better. Do not include medical or personal information: this goes to
              the {product} team, not your GP practice.
            </div>
            {fields.comment.errors ? (
              <span className="nhsuk-error-message" id={fields.comment.errorId}>
                <span className="nhsuk-u-visually-hidden">Error:</span> {fields.comment.errors[0]}
              </span>
            ) : null}
            <textarea
              {...getTextareaProps(fields.comment, { ariaDescribedBy: fields.comment.descriptionId })}
              className={`nhsuk-textarea${fields.comment.errors ? " nhsuk-textarea--error" : ""}`}
              rows={6}
              maxLength={SUGGESTION_MAX_LENGTH}
            />
          </div>
          <Button>Send suggestion</Button>
        </PostForm>
      </div>
    </div>
  );
}
