import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/requests/RequestParts";
import { not_loggedin } from "~/domain/auth/guards";
import { MAX_DATE_OF_BIRTH_FAILURES } from "~/domain/auth/magic-links.server";
import { findPracticeByCode, SPECIAL_PRACTICE_CODES } from "~/domain/practices/practices.server";
import type { RootLoaderData } from "~/root";
import { requireGuards } from "~/web/auth/guards.server";
import { notFound } from "~/web/responses.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: (data: { practiceName?: string } | undefined) => (data?.practiceName ? `How ${data.practiceName} checks who you are` : "How we check who you are"), hydrate: false } satisfies PageHandle;

/**
 * /practice/{code}/verification (spec 1 §2.2, not logged in): how the practice knows an account
 * belongs to one of its patients, the checks this product really makes (decision 0103).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireGuards(request, context, [not_loggedin]);
  const code = params.practiceCode ?? "";
  const practice = SPECIAL_PRACTICE_CODES.has(code.toLowerCase()) ? null : await findPracticeByCode(context.db, code);
  if (!practice) throw notFound();
  // The limit comes with the data: a .server module's constant is not in the browser bundle.
  return json({ practiceName: practice.name, code: practice.urlCode, mfa: practice.mfaEnabled, maxDateOfBirthFailures: MAX_DATE_OF_BIRTH_FAILURES });
}

export default function Verification() {
  const { practiceName, code, mfa, maxDateOfBirthFailures } = useLoaderData<typeof loader>();
  const product = useRouteLoaderData<RootLoaderData>("root")?.productName ?? "Frontdoor";
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <BackLink href={`/practice/${code}`}>{practiceName}</BackLink>
        <h1>How {practiceName} checks who you are</h1>
        <p className="nhsuk-lede-text">
          Your requests and messages are about your health. Before anyone can read or send them, {practiceName} makes sure they come from
          you, or from someone you have said may act for you.
        </p>
        <h2>When you create an account</h2>
        <p>
          You give your name, date of birth and postcode. They must match a patient registered at {practiceName}; if they do not, you
          are told "You must be registered at this practice to use {product}." We then confirm your email address by sending you a link.
        </p>
        <h2>With NHS login</h2>
        <p>
          If you sign in with NHS login, NHS login has checked your identity. Your NHS number links you to your record at the practice.
          Until NHS login has fully checked your identity you can only send administrative requests.
        </p>
        <h2>When you sign in</h2>
        <p>
          You sign in with your email address and password.
          {mfa ? ` ${practiceName} also lets you protect your account with a code from an app or a text message each time you sign in.` : ""}
        </p>
        <h2>Links in messages from the practice</h2>
        <p>
          A text message or email from {practiceName} may contain a link to one of your requests. Before it opens, you enter your date
          of birth. After {maxDateOfBirthFailures} wrong dates the link stops working and you need to contact the practice.
        </p>
        <h2>Carers</h2>
        <p>
          A carer can act for someone only after {practiceName} has approved it. The practice may contact you, or the person you care
          for, before it decides.
        </p>
        <h2>If your details do not match</h2>
        <p>
          Contact {practiceName} to check the details on your record, for example after a change of name or address. You can also{" "}
          <a href={`/practice/${code}/continue-as-guest`}>continue without an account</a>.
        </p>
        <p>
          <a href={`/practice/${code}/register`}>Create an account</a>
        </p>
      </div>
    </div>
  );
}
