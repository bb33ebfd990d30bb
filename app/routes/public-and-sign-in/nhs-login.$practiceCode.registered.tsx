import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loggedin } from "~/domain/auth/guards";
import { requireGuards } from "~/web/auth/guards.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Your account is ready", hydrate: false } satisfies PageHandle;

/** /nhs-login/{code}/registered (spec 2 §2.8): after registering with NHS login. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice } = await requireGuards(request, context, [loggedin], { practiceCode: params.practiceCode });
  return json({ productName: context.config.productName, practice: { name: practice!.name, urlCode: practice!.urlCode } });
}

export default function NhsLoginRegistered() {
  const { productName, practice } = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <div className="nhsuk-panel">
          <h1 className="nhsuk-panel__title">Your account is ready</h1>
          <div className="nhsuk-panel__body">You can now contact {practice.name} using {productName}.</div>
        </div>
        <p>Next time, sign in with NHS login.</p>
        <a className="nhsuk-button" href={`/${practice.urlCode}`} draggable="false">
          Continue to {practice.name}
        </a>
      </div>
    </div>
  );
}
