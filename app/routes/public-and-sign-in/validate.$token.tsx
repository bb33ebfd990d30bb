import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LinkExpired } from "~/components/accounts/LinkPages";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { confirmEmail } from "~/domain/accounts/email-validation.server";
import { findLiveToken } from "~/domain/auth/tokens.server";
import type { PageHandle } from "~/components/hydration";

export const handle = {
  title: (data: { state?: string } | undefined) =>
    data?.state === "expired" ? "This link has expired or has already been used" : "Confirm your email address",
  hydrate: false,
} satisfies PageHandle;

/**
 * /validate/{token} (spec 1 §2.2). Opening the link only shows a button: mail scanners
 * fetch links in e-mails, and a GET that used the single-use token would spend it before
 * the person ever clicked. The POST confirms the address.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const live = await findLiveToken(context.db, context.clock, params.token ?? "", "email_validation");
  if (!live) return json({ state: "expired" as const }, { status: 410 });
  return json({ state: "confirm" as const });
}

export async function action({ params, context }: ActionFunctionArgs) {
  const confirmed = await confirmEmail(context, params.token ?? "");
  if (!confirmed) return json({ state: "expired" as const }, { status: 410 });
  return redirect(confirmed.practiceCode ? `/${confirmed.practiceCode}/registered` : "/registered", { status: 303 });
}

export default function ValidateEmail() {
  const { state } = useLoaderData<typeof loader>();
  if (state === "expired") return <LinkExpired signInHref="/login" />;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>Confirm your email address</h1>
        <p>Select the button to confirm this is your email address and finish creating your account.</p>
        <PostForm>
          <Button>Confirm email address</Button>
        </PostForm>
      </div>
    </div>
  );
}
