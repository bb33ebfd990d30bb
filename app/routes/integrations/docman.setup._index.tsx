import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { openDocmanToken } from "~/domain/integrations/docman.server";
import { parseId } from "~/validation/ids";
import { docmanStepCookie, requireDocmanStep } from "~/web/integrations/docman.server";

export const handle = { title: "Set up document filing" };

/** /docman/setup?practice_id&token (after /docman/auth or the practice choice): register or link. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = await requireDocmanStep(request, context, "setup");
  const token = query.get("token")!;
  const state = await openDocmanToken(context.db, token, context.clock.now());
  const practice = state.status === "ok" ? state.practices.find((p) => p.id === parseId(query.get("practice_id"))) : undefined;
  if (!practice) return json({ next: null }, { status: 410 });
  const next = new URLSearchParams({ practice_id: String(practice.id), token, practice_name: practice.name });
  return json({ practiceName: practice.name, next: next.toString() }, { headers: { "Set-Cookie": docmanStepCookie(request, context, "setup") } });
}

export default function DocmanSetup() {
  const data = useLoaderData<typeof loader>();
  if (!data.next || !("practiceName" in data)) {
    return (
      <>
        <h1>This setup link has expired</h1>
        <p>Start the setup again from your document management system.</p>
      </>
    );
  }
  return (
    <>
      <span className="nhsuk-caption-l">{data.practiceName}</span>
      <h1>Set up document filing</h1>
      <p>Your document management system files documents to patient records through a document filing account.</p>
      <ul className="nhsuk-list">
        <li>
          <a href={`/docman/setup/register?${data.next}`}>Register a new document filing account</a>
        </li>
        <li>
          <a href={`/docman/setup/link?${data.next}`}>Link an existing account</a>
        </li>
      </ul>
      <p>
        <a href="/docman/what-is-frontdoor">What is this service?</a>
      </p>
    </>
  );
}
