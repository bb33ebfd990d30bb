import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { InboxNav } from "~/components/inbox/InboxNav";
import { inboxesLayoutLoader } from "~/web/inbox/inbox-pages.server";

export function loader(args: LoaderFunctionArgs) {
  return inboxesLayoutLoader(args);
}

/** The inboxes with their counts beside whichever inbox is open; `/all/inboxes` is every practice's. */
export default function Inboxes() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-one-quarter">
        <InboxNav code={data.practice.code} me={data.me} counts={data.counts} issueTypes={data.issueTypes} practices={data.practices} carerRequests={data.carerRequests} />
      </div>
      <div className="nhsuk-grid-column-three-quarters">
        <Outlet />
      </div>
    </div>
  );
}
