import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NotLinkedPanel, type PanelContext } from "~/components/online-services/Panels";
import { loggedinNotGuest } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { ONLINE_SERVICES } from "~/domain/online-services/messages";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: ONLINE_SERVICES.notLinkedTitle, hydrate: false } satisfies PageHandle;

/** Where the GP system's "Patient is not linked to PFS" leads (spec 2 §2.7, §8). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = await requireViewer(request, context, [loggedinNotGuest]);
  const asked = new URL(request.url).searchParams.get("context");
  const panel: PanelContext = asked === "appointments" || asked === "medication" ? asked : null;
  return json({ context: panel, practiceCode: viewer.patient?.urlCode ?? null });
}

export default function NotLinked() {
  const { context, practiceCode } = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>{ONLINE_SERVICES.notLinkedTitle}</h1>
        <NotLinkedPanel context={context} practiceCode={practiceCode} heading={false} />
      </div>
    </div>
  );
}
