import type { LoaderFunctionArgs } from "@remix-run/node";
import { inboxCountLoader } from "~/domain/inbox/inbox-route.server";

/** JSON for the bubble's polling: { count }. Same guard as the inboxes. */
export function loader(args: LoaderFunctionArgs) {
  return inboxCountLoader(args);
}
