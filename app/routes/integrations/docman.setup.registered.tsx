import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireDocmanStep } from "~/web/integrations/docman.server";

export const handle = { title: "Document filing set up" };

/** /docman/setup/registered?practice_name (after register or link): done. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = await requireDocmanStep(request, context, "registered");
  return json({ practiceName: query.get("practice_name")! });
}

export default function DocmanRegistered() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-panel" data-testid="docman-done">
      <h1>Document filing is set up</h1>
      <p>Your document management system can now file documents for {data.practiceName}.</p>
    </div>
  );
}
