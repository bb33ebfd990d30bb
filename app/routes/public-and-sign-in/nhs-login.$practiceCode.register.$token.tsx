import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { FormPage } from "~/components/FormPage";
import { registerWithNhsLogin } from "~/domain/nhs-login/nhs-login.server";
import { formatNhsNumber } from "~/domain/patients/nhs-number";
import { signedInHeaders } from "~/web/auth/auth-cookies.server";
import { requirePending } from "~/web/nhs-login/nhs-login.server";
import { notFound } from "~/web/responses.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Create your account", hydrate: false } satisfies PageHandle;

/**
 * /nhs-login/{code}/register/{token} (spec 2 §2.8): the account made from NHS login's details at
 * the chosen practice, linked to the record with the same NHS number when there is one.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const pending = await requirePending(request, context, params.token);
  if (pending.linkUserId) throw redirect(`/nhs-login/link-account/${params.token}`);
  const { claims } = pending;
  return json({
    productName: context.config.productName,
    token: params.token!,
    practiceCode: params.practiceCode!,
    matched: Boolean(pending.patientId),
    details: {
      name: `${claims.givenName} ${claims.familyName}`,
      nhsNumber: claims.nhsNumber ? formatNhsNumber(claims.nhsNumber) : null,
      email: claims.email,
    },
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const pending = await requirePending(request, context, params.token);
  const result = await registerWithNhsLogin(context, pending, params.practiceCode ?? "", request.headers.get("User-Agent"));
  if (!result.ok) {
    if (result.reason === "link") return redirect(`/nhs-login/link-account/${params.token}`, 303);
    throw notFound();
  }
  return redirect(`/nhs-login/${result.practice.urlCode}/registered`, { status: 303, headers: signedInHeaders(request, context, result.sessionId) });
}

export default function NhsLoginRegister() {
  const data = useLoaderData<typeof loader>();
  return (
    <FormPage title="Create your account" errors={[]} back={{ href: `/nhs-login/select-practice/${data.token}` }}>
      <p>We will create your {data.productName} account with these details from your NHS login.</p>
      <dl className="nhsuk-summary-list">
        <div className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">Name</dt>
          <dd className="nhsuk-summary-list__value">{data.details.name}</dd>
        </div>
        <div className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">NHS number</dt>
          <dd className="nhsuk-summary-list__value">{data.details.nhsNumber ?? "No information provided"}</dd>
        </div>
        <div className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">Email address</dt>
          <dd className="nhsuk-summary-list__value">{data.details.email}</dd>
        </div>
      </dl>
      {data.matched ? (
        <p>We found your record at the practice using your NHS number.</p>
      ) : (
        <p>We could not find your record at the practice using your NHS number. You can still contact the practice; they will check your details.</p>
      )}
      <p>To change these details, go to your NHS login account.</p>
      <PostForm method="post">
        <Button>Create account</Button>
      </PostForm>
    </FormPage>
  );
}
