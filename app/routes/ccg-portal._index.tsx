import type { LoaderFunctionArgs } from "@remix-run/node";
import { Placeholder } from "~/components/Placeholder";
import { ccg_admin } from "~/domain/auth/guards";
import { placeholderLoader } from "~/web/shell/placeholder.server";

export const handle = { title: "Place portal" };
export function loader(args: LoaderFunctionArgs) {
  return placeholderLoader("Place portal", [ccg_admin])(args);
}
export default Placeholder;
