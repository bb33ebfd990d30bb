import type { LoaderFunctionArgs } from "@remix-run/node";
import { staffFileLoader } from "~/web/inbox/inbox-pages.server";

/** An attachment for staff, through a short-lived link signed for them (resource route). */
export function loader(args: LoaderFunctionArgs) {
  return staffFileLoader(args);
}
