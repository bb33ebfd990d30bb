import type { LoaderFunctionArgs } from "@remix-run/node";
import { ownInboxLoader } from "~/web/inbox/inbox-pages.server";

/** /{code}/inbox: the staff member's own inbox (spec 3 §2). */
export function loader(args: LoaderFunctionArgs) {
  return ownInboxLoader(args);
}
