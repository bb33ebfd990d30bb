import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loggedinNotGuest } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { ONLINE_SERVICES } from "~/domain/online-services/messages";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: ONLINE_SERVICES.linkResetTitle, hydrate: false } satisfies PageHandle;

/** Where the GP system's "Patient linkage has been reset" leads (spec 2 §2.7, §8). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = await requireViewer(request, context, [loggedinNotGuest]);
  return json({ practiceCode: viewer.patient?.urlCode ?? null });
}

export default function LinkReset() {
  const { practiceCode } = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>{ONLINE_SERVICES.linkResetTitle}</h1>
        <p>Your practice has reset the link between your account and GP online services, so you cannot book appointments or order medication here for now.</p>
        <p>Ask your practice for a new linkage key, then enter it in your account&apos;s online services settings.</p>
        {practiceCode ? (
          <p>
            <a className="nhsuk-link" href={`/${practiceCode}/online-services`}>
              Enter your new linkage key
            </a>
          </p>
        ) : null}
      </div>
    </div>
  );
}
