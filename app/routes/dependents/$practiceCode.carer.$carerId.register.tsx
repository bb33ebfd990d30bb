import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddDependentForm } from "~/components/dependents/AddDependentForm";
import type { AppContext } from "~/context.server";
import { permissionDeniedPath } from "~/web/auth/guards.server";
import { addDependentAction, addDependentPageData, requireCarer } from "~/web/dependents/carer.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Add someone you care for", hydrate: false } satisfies PageHandle;

/**
 * /{code}/carer/{carer_id}/register (spec 2 §2.3): a signed-in carer adds a person they care
 * for. Only the carer named in the URL may, only a registered patient of the practice can be
 * named, and the link waits for the practice's approval.
 */
async function guard(request: Request, context: AppContext, params: LoaderFunctionArgs["params"]) {
  const { viewer, practice } = await requireCarer(request, context, params.practiceCode);
  if (String(viewer.userId) !== params.carerId) throw redirect(permissionDeniedPath(undefined, practice!.urlCode));
  return { viewer, practice: practice! };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice } = await guard(request, context, params);
  return json(await addDependentPageData(context, practice, "/carer/dependents"));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice } = await guard(request, context, params);
  return addDependentAction(request, context, viewer, practice, "/carer/dependents");
}

export default function AddDependent() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <AddDependentForm data={data} lastResult={actionData?.lastResult} />;
}
