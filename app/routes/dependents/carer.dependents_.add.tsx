import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddDependentForm } from "~/components/dependents/AddDependentForm";
import { addDependentAction, addDependentPageData, dependentsHome, practiceToAddAt, requireCarer } from "~/web/dependents/carer.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Add someone you care for", hydrate: false } satisfies PageHandle;

/**
 * /carer/dependents/add and /{code}/dependents/add (one screen, app/route-table.mjs): the carer
 * asks to act for someone registered at the practice (the URL's, else where the carer
 * registered); the link waits for the practice's approval (docs/decisions/0070).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { viewer, practice } = await requireCarer(request, context, params.practiceCode);
  const at = await practiceToAddAt(context, viewer, practice);
  return json(await addDependentPageData(context, at, dependentsHome(params.practiceCode)));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice } = await requireCarer(request, context, params.practiceCode);
  const at = await practiceToAddAt(context, viewer, practice);
  return addDependentAction(request, context, viewer, at, dependentsHome(params.practiceCode));
}

export default function AddDependentPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <AddDependentForm data={data} lastResult={actionData?.lastResult} />;
}
