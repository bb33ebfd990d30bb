import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { InboxList } from "~/components/inbox/InboxList";
import { inboxListLoader } from "~/web/inbox/inbox-pages.server";

/**
 * /{code}/inboxes/{unassigned|awaiting-response|completed|rejected|all|staff id}, and (route
 * table, app/route-table.mjs) /{code}/inboxes/issue_type/{type}; code `all`: every practice.
 */
export const handle = {
  title: (data: { title: string; caption: string | null } | undefined) => (data ? `${data.title} inbox${data.caption ? ` – ${data.caption}` : ""}` : "Inbox"),
};

export function loader(args: LoaderFunctionArgs) {
  return inboxListLoader(args);
}

export default function Inbox() {
  return <InboxList data={useLoaderData<typeof loader>()} />;
}
