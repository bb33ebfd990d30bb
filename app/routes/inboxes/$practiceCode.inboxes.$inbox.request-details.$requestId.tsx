import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { RequestDetails } from "~/components/inbox/RequestDetails";
import { requestDetailsAction, requestDetailsLoader } from "~/web/inbox/inbox-pages.server";
import { requestReference } from "~/domain/requests/reference";

/** A request beside (or below) its inbox list; every handling action posts here. */
export const handle = {
  title: (data: { details: { entry: { id: number } } } | undefined) => (data ? `Request ${requestReference(data.details.entry.id)}` : "Request"),
};

export function loader(args: LoaderFunctionArgs) {
  return requestDetailsLoader(args);
}

export function action(args: ActionFunctionArgs) {
  return requestDetailsAction(args);
}

export default RequestDetails;
