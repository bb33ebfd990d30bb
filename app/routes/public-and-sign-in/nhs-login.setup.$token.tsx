import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePending } from "~/web/nhs-login/nhs-login.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Set up your account with NHS login", hydrate: false } satisfies PageHandle;

/**
 * /nhs-login/setup/{token} (spec 2 §2.8): someone signed in with NHS login whom we do not know
 * yet. What happens next: choose the practice, then we find their record by NHS number.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const pending = await requirePending(request, context, params.token);
  return json({ productName: context.config.productName, givenName: pending.claims.givenName, token: params.token! });
}

export default function NhsLoginSetup() {
  const { productName, givenName, token } = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>Set up {productName} with your NHS login</h1>
        <p>Hello {givenName}. You have signed in with NHS login, but you have not used {productName} with it before.</p>
        <p>To set up your account:</p>
        <ol className="nhsuk-list nhsuk-list--number">
          <li>choose your GP practice</li>
          <li>we find your record at the practice using the NHS number from your NHS login</li>
          <li>if you already have a {productName} account, you sign in to it once to link it to your NHS login</li>
        </ol>
        <p>After that, you sign in with NHS login.</p>
        <a className="nhsuk-button" href={`/nhs-login/select-practice/${token}`} draggable="false">
          Continue
        </a>
      </div>
    </div>
  );
}
