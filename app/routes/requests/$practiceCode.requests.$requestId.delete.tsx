import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { deleteRequestAction, deleteRequestLoader } from "~/web/inbox/inbox-pages.server";

/** Delete confirmation: its own page, so it works without JS. Deletion is soft and audited. */
export const handle = { title: "Delete this request" };

export function loader(args: LoaderFunctionArgs) {
  return deleteRequestLoader(args);
}

export function action(args: ActionFunctionArgs) {
  return deleteRequestAction(args);
}

export default function DeleteRequest() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        {actionData?.message ? (
          <div className="nhsuk-error-summary" role="alert" tabIndex={-1} autoFocus>
            <h2 className="nhsuk-error-summary__heading">There is a problem</h2>
            <div className="nhsuk-error-summary__body">
              <p>{actionData.message}</p>
            </div>
          </div>
        ) : null}
        <h1>Delete this request?</h1>
        <p>
          Request {data.reference} from {data.patientName} will be removed from every inbox. The record is kept for audit.
        </p>
        <PostForm>
          <input type="hidden" name="version" value={data.version} />
          <Button variant="warning">Delete request</Button>
        </PostForm>
        <p>
          <Link to={data.back}>No, go back</Link>
        </p>
      </div>
    </div>
  );
}
