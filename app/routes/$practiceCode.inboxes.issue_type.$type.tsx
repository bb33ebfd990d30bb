import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { InboxList } from "~/components/inbox/InboxList";
import { inboxListLoader } from "~/domain/inbox/inbox-route.server";

/** /{code}/inboxes/issue_type/{type}: open requests of one issue type. */
export const handle = {
  title: (data: { title: string; caption: string | null } | undefined) => (data ? `${data.title} inbox${data.caption ? ` – ${data.caption}` : ""}` : "Inbox"),
};

export function loader(args: LoaderFunctionArgs) {
  return inboxListLoader(args);
}

export default function IssueTypeInbox() {
  return <InboxList data={useLoaderData<typeof loader>()} />;
}
