import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { InboxNav } from "~/components/inbox/InboxNav";
import { inboxesLayoutLoader } from "~/web/inbox/inbox-pages.server";

export function loader(args: LoaderFunctionArgs) {
  return inboxesLayoutLoader(args);
}

/**
 * The inboxes with their counts in a bar above whichever inbox is open, so the list and the
 * request have the width (decision 0114); `/all/inboxes` is every practice's.
 */
export default function Inboxes() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="app-inboxes">
      <InboxNav code={data.practice.code} me={data.me} counts={data.counts} issueTypes={data.issueTypes} practices={data.practices} carerRequests={data.carerRequests} />
      <div className="app-inboxes__content">
        <Outlet />
      </div>
    </div>
  );
}
