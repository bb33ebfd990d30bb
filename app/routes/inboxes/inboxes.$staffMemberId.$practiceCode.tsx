import type { LoaderFunctionArgs } from "@remix-run/node";
import { personalInboxRedirectLoader } from "~/web/inbox/inbox-pages.server";

/** /inboxes/{staff_member_id}/{practice_code} (spec 3 §2): to /{practice_code}/inboxes/{id}, `all` included. */
export function loader(args: LoaderFunctionArgs) {
  return personalInboxRedirectLoader(args);
}
