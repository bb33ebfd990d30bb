import type { LoaderFunctionArgs } from "@remix-run/node";
import { inboxCountLoader } from "~/web/inbox/inbox-pages.server";

/** JSON for the bubble's polling: { count }. Same guard as the inboxes. */
export function loader(args: LoaderFunctionArgs) {
  return inboxCountLoader(args);
}
