import type { ReactNode } from "react";
import { useNhsForm } from "~/components/forms";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { DateInput, dateSummaryErrors } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { dateOfBirthOptions } from "~/web/accounts/registration.server";
import { dateOfBirthSchema, MAGIC_LINK_MESSAGES } from "~/domain/auth/magic-link-form";
import { checkMagicLinkDateOfBirth, findMagicLink, grantTarget } from "~/domain/auth/magic-links.server";
import { isMessageLinkType, linkFitsType } from "~/domain/auth/message-links";
import type { AppContext } from "~/context.server";
import { notFound } from "~/web/responses.server";
import { getTokenGrant, grantCookie } from "~/web/auth/token-grant.server";
import type { RootLoaderData } from "~/root";
import type { PageHandle } from "~/components/hydration";

const DEAD_TITLE = "This link has expired or is no longer valid";

export const handle = {
  title: (data: { state?: string } | undefined) =>
    data?.state === "confirmed" ? "Your secure link" : data?.state === "ask" ? "Confirm your identity" : DEAD_TITLE,
  hydrate: false,
} satisfies PageHandle;

const london = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "2-digit", month: "2-digit", year: "numeric" });

/**
 * The live link of this address: /security/{token}, or /msg/{type}/auth/{token} (app/route-table.mjs,
 * decision 0108), where the link must have been sent for that type; an unknown type is page-not-found.
 */
async function linkOf(context: AppContext, params: LoaderFunctionArgs["params"]) {
  const token = params.token ?? "";
  if (params.type !== undefined && !isMessageLinkType(params.type)) throw notFound();
  const link = await findMagicLink(context, token);
  if (link && params.type !== undefined && isMessageLinkType(params.type) && !linkFitsType(params.type, link.scope)) return { token, link: null };
  return { token, link };
}

/**
 * A magic link (spec 2 §2.2). The link is read, never used up: it works again and again
 * until it expires or is locked. Nothing is granted before the date of birth is confirmed.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { token, link } = await linkOf(context, params);
  if (!link) return json({ state: "dead" as const });
  const grant = await getTokenGrant(request, context);
  if (grant?.tokenId === link.tokenId) {
    // Confirmed already: a link about a request goes straight to it.
    if (link.scope.patientEntryId !== undefined) throw redirect(grantTarget(grant, token));
    return json({
      state: "confirmed" as const,
      practiceName: link.practice.name,
      expires: london.format(link.expiresAt),
      account: link.patientHasAccount
        ? { href: `/${link.practice.urlCode}/login`, label: "Sign in" }
        : { href: `/register/${encodeURIComponent(token)}`, label: "Create an account" },
    });
  }
  const { maximumPatientAge } = await dateOfBirthOptions(context);
  return json({ state: "ask" as const, practiceName: link.practice.name, maximumPatientAge });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { token, link } = await linkOf(context, params);
  if (!link) return json({ lastResult: null, locked: false }, { status: 410 });
  const submission = parseWithZod(await request.formData(), { schema: dateOfBirthSchema(await dateOfBirthOptions(context)) });
  if (submission.status !== "success") return json({ lastResult: submission.reply(), locked: false }, { status: 400 });
  const check = await checkMagicLinkDateOfBirth(context, token, submission.value.dateOfBirth);
  switch (check.status) {
    case "ok":
      return redirect(grantTarget(check.grant, token), { status: 303, headers: { "Set-Cookie": grantCookie(request, context, check.grant, check.expiresAt) } });
    case "wrong": {
      // The whole date is wrong, not one part: the message goes on the date, all parts marked.
      const message = [MAGIC_LINK_MESSAGES.wrongDateOfBirth(check.attemptsLeft)];
      const fieldErrors = { "dateOfBirth.day": message, "dateOfBirth.month": message, "dateOfBirth.year": message };
      return json({ lastResult: submission.reply({ fieldErrors }), locked: false }, { status: 400 });
    }
    case "locked":
      return json({ lastResult: null, locked: true }, { status: 403 });
    case "dead":
      return json({ lastResult: null, locked: false }, { status: 410 });
  }
}

export default function SecurityToken() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (actionData?.locked) return <Message title="This link has been locked" text={MAGIC_LINK_MESSAGES.locked} />;
  switch (data.state) {
    case "dead":
      return (
        <Message title={DEAD_TITLE} text="Links from your GP practice work for 7 days. Contact your practice if you need a new one.">
          <p>
            If you have an account, <a href="/login">sign in</a> to read your requests and messages.
          </p>
        </Message>
      );
    case "confirmed":
      return <Confirmed {...data} />;
    case "ask":
      return <AskDateOfBirth practiceName={data.practiceName} maximumPatientAge={data.maximumPatientAge} />;
  }
}

function Message({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>{title}</h1>
        <p>{text}</p>
        {children}
      </div>
    </div>
  );
}

function Confirmed({ practiceName, expires, account }: { practiceName: string; expires: string; account: { href: string; label: string } }) {
  const product = useRouteLoaderData<RootLoaderData>("root")?.productName ?? "Frontdoor";
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>Your secure link</h1>
        <p>
          {practiceName} sent you this link so that you can use {product} for your own care without signing in. It works
          until {expires}.
        </p>
        <p>When the practice sends you a message about a request, the link in that message takes you straight to it.</p>
        <h2>{account.label === "Sign in" ? "You already have an account" : "Keep in touch with your practice"}</h2>
        <p>
          {account.label === "Sign in"
            ? "Sign in to see all your requests and messages."
            : "Create an account to see all your requests and messages at any time, without a link."}
        </p>
        <p>
          <a href={account.href}>{account.label}</a>
        </p>
      </div>
    </div>
  );
}

function AskDateOfBirth({ practiceName, maximumPatientAge }: { practiceName: string; maximumPatientAge: number }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(dateOfBirthSchema({ today: new Date(), maximumPatientAge }), {
    lastResult: actionData?.lastResult,
  });
  const errors = dateSummaryErrors(fields.dateOfBirth);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={errors} />
        <h1>Confirm your identity</h1>
        <p>{practiceName} sent you this link. To keep your information safe, confirm your date of birth before you continue.</p>
        <PostForm {...getFormProps(form)}>
          <DateInput meta={fields.dateOfBirth} legend="What is your date of birth?" hint="For example, 15 3 1984" />
          <Button>Continue</Button>
        </PostForm>
      </div>
    </div>
  );
}
