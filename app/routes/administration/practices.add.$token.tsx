import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NewPasswordInput, TextInput } from "~/components/accounts/ConformFields";
import { LinkExpired } from "~/components/accounts/LinkPages";
import { PracticeDetailsFields, practiceDetailsErrorOrder, type PracticeDetailsMeta } from "~/components/admin/PracticeDetailsFields";
import { SummaryList } from "~/components/admin/AdminKit";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import type { AppContext } from "~/context.server";
import { signedInHeaders } from "~/web/auth/auth-cookies.server";
import { loginPath, requireGuards } from "~/web/auth/guards.server";
import { startSession } from "~/domain/auth/sign-in.server";
import type { Viewer } from "~/domain/auth/viewer.server";
import { formRejected } from "~/web/forms.server";
import { COUNTRIES, GP_SYSTEMS, ONBOARDING_MESSAGES, onboardingFormSchema } from "~/domain/practices/onboarding";
import { completeOnboarding, findOnboarding, listCcgs, registrationCompletePath, type Onboarding } from "~/domain/practices/onboarding.server";

/**
 * /practices/add/{token} (spec 3 §2): the link in a practice's invitation. The invited practice
 * administrator checks the practice (or, invited by e-mail, gives its details) and creates their
 * account, or signs in and accepts when the address already has one.
 */
type State = "expired" | "register" | "sign_in" | "accept" | "wrong_account";

export const handle = {
  title: (data: { state?: State } | undefined) =>
    data?.state === "expired" ? "This invitation has expired" : data?.state === "register" ? "Set up your practice" : "Accept your invitation",
};

function stateFor(onboarding: Onboarding | null, viewer: Viewer | null): State {
  if (!onboarding) return "expired";
  if (viewer) return viewer.email.toLowerCase() === onboarding.email ? "accept" : "wrong_account";
  return onboarding.hasAccount ? "sign_in" : "register";
}

async function load(request: Request, context: AppContext, token: string) {
  // No role guard: the link is the credential.
  const { viewer } = await requireGuards(request, context, []);
  const onboarding = await findOnboarding(context, token);
  return { viewer, onboarding, state: stateFor(onboarding, viewer) };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const { onboarding, state } = await load(request, context, token);
  const practice = onboarding?.practice;
  return json(
    {
      state,
      kind: onboarding?.kind ?? "practice",
      email: onboarding?.email ?? null,
      productName: context.config.productName,
      practice: practice
        ? {
            name: practice.name,
            urlCode: practice.urlCode,
            odsCode: practice.odsCode,
            ehrType: GP_SYSTEMS.find((g) => g.value === practice.ehrType)?.label ?? practice.ehrType,
            country: COUNTRIES.find((c) => c.value === practice.country)?.label ?? practice.country,
            ccgName: practice.ccgName,
          }
        : null,
      invitation: onboarding?.invitation
        ? { practiceName: onboarding.invitation.practiceName, odsCode: onboarding.invitation.odsCode ?? "", ccgId: onboarding.invitation.ccgId ? String(onboarding.invitation.ccgId) : "" }
        : null,
      ccgs: onboarding?.kind === "invitation" ? await listCcgs(context.db) : [],
      signInHref: loginPath(`/practices/add/${token}`),
    },
    { status: state === "expired" ? 410 : 200 },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const { viewer, onboarding, state } = await load(request, context, token);
  if (!onboarding || (state !== "register" && state !== "accept")) return json({ lastResult: null }, { status: state === "expired" ? 410 : 409 });
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: onboardingFormSchema(onboarding.kind, state) });
  if (submission.status !== "success") return formRejected(submission, { hideFields: ["password"] });
  const value = submission.value as Record<string, unknown>;
  const details =
    onboarding.kind === "invitation"
      ? {
          name: value.name as string,
          urlCode: value.urlCode as string,
          odsCode: value.odsCode as string | null,
          ehrType: value.ehrType as "emis" | "tpp",
          country: value.country as "england" | "wales" | "scotland" | "northern_ireland",
          ccgId: value.ccgId as number | null,
        }
      : null;
  const person =
    state === "accept" && viewer
      ? { accept: { userId: viewer.userId, email: viewer.email } }
      : { register: { firstName: value.firstName as string, lastName: value.lastName as string, password: value.password as string } };
  const outcome = await completeOnboarding(context, token, person, details);
  switch (outcome.status) {
    case "code_taken":
      return formRejected(submission, { hideFields: ["password"], fieldErrors: { urlCode: [ONBOARDING_MESSAGES.urlCodeTaken] } });
    case "unknown_ccg":
      return formRejected(submission, { hideFields: ["password"], fieldErrors: { ccgId: [ONBOARDING_MESSAGES.ccg] } });
    case "invalid":
      return json({ lastResult: null }, { status: 410 });
    case "email_taken":
    case "wrong_account":
      return json({ lastResult: null }, { status: 409 });
  }
  const headers = new Headers();
  if (outcome.created) signedInHeaders(request, context, await startSession(context, outcome.userId, request.headers.get("User-Agent")), headers);
  return redirect(registrationCompletePath(token), { status: 303, headers });
}

export default function PracticeOnboarding() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const intent = data.state === "accept" ? "accept" : "register";
  const schema = onboardingFormSchema(data.kind, intent);
  const [form, fields] = useNhsForm(schema, {
    lastResult: actionData?.lastResult ?? undefined,
    defaultValue: (data.invitation
      ? { name: data.invitation.practiceName, odsCode: data.invitation.odsCode, ccgId: data.invitation.ccgId, ehrType: "emis", country: "england" }
      : {}) as Record<string, string>,
  });

  if (data.state === "expired") {
    return (
      <LinkExpired signInHref="/login">
        <p>Invitation links work once and expire after 7 days, or when a newer invitation is sent.</p>
        <p>Ask the person who invited you to send a new invitation.</p>
        <p>If you have already set up the practice, you can sign in.</p>
      </LinkExpired>
    );
  }

  const details = fields as unknown as PracticeDetailsMeta;
  const detailErrors = data.kind === "invitation" ? practiceDetailsErrorOrder(details) : [];
  const errors = summaryErrors(intent === "register" ? [...detailErrors, fields.firstName, fields.lastName, fields.password] : detailErrors);
  const practiceSummary = data.practice ? (
    <>
      <h2>Check the practice details</h2>
      <SummaryList
        rows={[
          ["Practice name", data.practice.name],
          ["Practice code", data.practice.urlCode],
          ["ODS code", data.practice.odsCode],
          ["GP system", data.practice.ehrType],
          ["Country", data.practice.country],
          ["Regional group", data.practice.ccgName],
        ]}
      />
      <p>If anything is wrong, you can change it in the practice settings once your account is set up.</p>
    </>
  ) : null;
  const practiceName = data.practice?.name ?? data.invitation?.practiceName ?? "";

  if (data.state === "sign_in" || data.state === "wrong_account") {
    return (
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-two-thirds">
          <span className="nhsuk-caption-l">{practiceName} – Practice administrator</span>
          <h1>Accept your invitation</h1>
          {data.state === "sign_in" ? (
            <>
              <p>
                There is already a {data.productName} account for <strong>{data.email}</strong>. Sign in to it to accept the invitation
                to administer {practiceName}.
              </p>
              <p>
                <a href={data.signInHref}>Sign in to accept</a>
              </p>
            </>
          ) : (
            <>
              <p>
                This invitation is for <strong>{data.email}</strong>, but you are signed in with another account. Log out, then open the
                link in the invitation email again.
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

  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={errors} />
        <span className="nhsuk-caption-l">{practiceName} – Practice administrator</span>
        <h1>{intent === "register" ? "Set up your practice" : "Accept your invitation"}</h1>
        <p>
          You have been invited to administer {practiceName} on {data.productName}.
          {intent === "register" ? " Your account will use the email address the invitation was sent to." : null}
        </p>
        <SummaryList rows={[["Email address", data.email]]} />
        {practiceSummary}
        <PostForm {...getFormProps(form)} noValidate>
          <input type="hidden" name="intent" value={intent} />
          {data.kind === "invitation" ? (
            <>
              <h2>Your practice</h2>
              <PracticeDetailsFields fields={details} ccgs={data.ccgs} />
            </>
          ) : null}
          {intent === "register" ? (
            <>
              <h2>Your account</h2>
              <TextInput meta={fields.firstName} label="First name" autoComplete="given-name" spellCheck={false} />
              <TextInput meta={fields.lastName} label="Last name" autoComplete="family-name" spellCheck={false} />
              <NewPasswordInput meta={fields.password} />
              <Button>Create account</Button>
            </>
          ) : (
            <Button>Accept invitation</Button>
          )}
        </PostForm>
      </div>
    </div>
  );
}
