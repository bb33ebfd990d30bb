import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageColumn, UnlinkConfirmation } from "~/components/online-services/Confirmations";
import { redirectWithFlash } from "~/web/flash.server";
import { requireOnlineServices } from "~/web/online-services/access.server";
import { failureMessage } from "~/domain/online-services/errors.server";
import { ONLINE_SERVICES } from "~/domain/online-services/messages";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Unlink your online services account", hydrate: false } satisfies PageHandle;

/** The unlink confirmation: a page without JS; the online-services page opens it as a dialog. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireOnlineServices(request, context, { feature: "linkage", practiceCode: params.practiceCode });
  const status = await context.gpSystem.linkStatus(access.patient);
  // Nothing to unlink: back to the link form.
  if (status.ok && !status.value.linked) throw redirect(`/${access.practice.urlCode}/online-services`);
  return json({ practiceCode: access.practice.urlCode });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const access = await requireOnlineServices(request, context, { feature: "linkage", practiceCode: params.practiceCode });
  const result = await context.gpSystem.unlink(access.patient);
  if (!result.ok) {
    const failure = failureMessage(result.error, "unlink");
    return json({ errors: [failure.message] }, { status: failure.status });
  }
  return redirectWithFlash(request, context, `/${access.practice.urlCode}/online-services`, { kind: "success", text: ONLINE_SERVICES.unlinked });
}

export default function Unlink() {
  const { practiceCode } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.errors[0];
  return (
    <PageColumn>
      <UnlinkConfirmation practiceCode={practiceCode} error={error} />
    </PageColumn>
  );
}
