import { formRejected } from "~/web/forms.server";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DateInput, dateSummaryErrors, Radios, TextInput } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import type { AppContext } from "~/context.server";
import { addDependent } from "~/domain/accounts/dependent-registration.server";
import { dependentSchema, REGISTRATION_MESSAGES } from "~/domain/accounts/registration-forms";
import { dateOfBirthOptions } from "~/web/accounts/registration.server";
import { TOO_MANY_ATTEMPTS } from "~/domain/accounts/registration.server";
import { noGPNoGuestAccount } from "~/domain/auth/guards";
import { PROXY_LINK_REASONS, PROXY_REASON_LABELS } from "~/domain/dependents/proxy-links";
import { permissionDeniedPath, requireViewer } from "~/web/auth/guards.server";
import { isSecureRequest } from "~/web/cookies";
import { setFlashCookie } from "~/web/flash.server";
import { notFound } from "~/web/responses.server";

export const handle = { title: "Add someone you care for" };

/**
 * /{code}/carer/{carer_id}/register (spec 2 §2.3): a signed-in carer adds a person they care
 * for. Only the carer named in the URL may, only a registered patient of the practice can be
 * named, and the link waits for the practice's approval.
 */
async function guard(request: Request, context: AppContext, params: LoaderFunctionArgs["params"]) {
  const { viewer, practice } = await requireViewer(request, context, [noGPNoGuestAccount], { practiceCode: params.practiceCode });
  if (!practice) throw notFound();
  if (String(viewer.userId) !== params.carerId || !viewer.globalRoles.has("carer_user")) {
    throw redirect(permissionDeniedPath(undefined, practice.urlCode));
  }
  return { viewer, practice };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice } = await guard(request, context, params);
  const { maximumPatientAge } = await dateOfBirthOptions(context);
  return json({ practice: { name: practice.name, urlCode: practice.urlCode }, maximumPatientAge });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice } = await guard(request, context, params);
  const schema = dependentSchema(await dateOfBirthOptions(context));
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return formRejected(submission);
  const result = await addDependent(context, practice, viewer.userId, submission.value);
  const formError = (message: string) => formRejected(submission, { formErrors: [message] });
  switch (result.status) {
    case "not_registered":
      return formError(REGISTRATION_MESSAGES.dependentNotRegistered(context.config.productName));
    case "self":
      return formError(REGISTRATION_MESSAGES.cannotAddYourself);
    case "throttled":
      return json({ lastResult: submission.reply({ formErrors: [TOO_MANY_ATTEMPTS] }) }, { status: 429 });
    case "postcode_needed":
      return formRejected(submission, { fieldErrors: { postcode: [REGISTRATION_MESSAGES.postcodeNeeded] } });
    case "wrong_reason":
      return formRejected(submission, { fieldErrors: { reason: [result.message] } });
    case "requested":
    case "already_pending":
    case "already_approved": {
      const name = `${result.firstName} ${result.lastName}`;
      const flash =
        result.status === "already_approved"
          ? { kind: "info" as const, text: `${name} is already one of the people you care for.` }
          : {
              kind: "success" as const,
              text: `We have asked ${practice.name} to confirm that you care for ${name}. You can act for them once the practice approves.`,
            };
      return redirect("/carer/dependents", {
        status: 303,
        headers: { "Set-Cookie": setFlashCookie(context.config.sessionSecret, flash, isSecureRequest(request)) },
      });
    }
  }
}

export default function AddDependent() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(dependentSchema({ today: new Date(), maximumPatientAge: data.maximumPatientAge }), {
    lastResult: actionData?.lastResult,
  });
  const errors = [
    ...summaryErrors([fields.firstName, fields.lastName], form.errors, fields.firstName.id),
    ...dateSummaryErrors(fields.dateOfBirth),
    ...summaryErrors([fields.postcode, fields.relationship, fields.reason]),
  ];
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={errors} />
        <span className="nhsuk-caption-l">{data.practice.name}</span>
        <h1>Add someone you care for</h1>
        <p>They must be registered at {data.practice.name}. Enter their details as the practice has them.</p>
        <p>The practice checks every request before you can see or do anything for them.</p>
        <PostForm {...getFormProps(form)} noValidate>
          <TextInput meta={fields.firstName} label="Their first name" autoComplete="off" spellCheck={false} />
          <TextInput meta={fields.lastName} label="Their last name" autoComplete="off" spellCheck={false} />
          <DateInput meta={fields.dateOfBirth} legend="Their date of birth" hint="For example, 15 3 1984" ownBirthday={false} />
          <TextInput
            meta={fields.postcode}
            label="Their postcode"
            optional
            hint="Only needed if the practice has more than one patient with their name and date of birth."
            autoComplete="off"
            width={10}
          />
          <TextInput meta={fields.relationship} label="Your relationship to them" optional hint="For example, son, daughter or neighbour" width={20} />
          <Radios
            meta={fields.reason}
            legend="Why do you act for them?"
            options={PROXY_LINK_REASONS.map((value) => ({ value, label: PROXY_REASON_LABELS[value] }))}
          />
          <Button>Ask the practice</Button>
        </PostForm>
        <p>
          <a href="/carer/dependents">Back to the people you care for</a>
        </p>
      </div>
    </div>
  );
}
