import type { LoaderFunctionArgs } from "@remix-run/node";
import { Placeholder } from "~/components/Placeholder";
import { loggedin, nogp } from "~/domain/auth/guards";
import { placeholderLoader } from "~/domain/shell/placeholder.server";

export const handle = { title: "Make a request" };
export function loader(args: LoaderFunctionArgs) {
  return placeholderLoader("Make a request", [loggedin, nogp], true)(args);
}
export default Placeholder;
