import type { LoaderFunctionArgs } from "@remix-run/node";
import { Placeholder } from "~/components/Placeholder";
import { noGPNoGuestAccount } from "~/domain/auth/guards";
import { placeholderLoader } from "~/domain/shell/placeholder.server";

export const handle = { title: "People I care for" };
export function loader(args: LoaderFunctionArgs) {
  return placeholderLoader("People I care for", [noGPNoGuestAccount])(args);
}
export default Placeholder;
