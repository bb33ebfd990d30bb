import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { refuseSignedIn } from "~/web/integrations/docman.server";

export const handle = { title: "Setup link expired" };

/** /docman/token-expired: the setup link is used up or too old. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await refuseSignedIn(request, context);
  return json({});
}

export default function TokenExpired() {
  return (
    <>
      <h1>This setup link has expired</h1>
      <p>Setup links work once, for a limited time. Start the setup again from your document management system to get a new link.</p>
    </>
  );
}
