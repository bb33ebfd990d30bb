import type { LoaderFunctionArgs } from "@remix-run/node";
import { Placeholder } from "~/components/Placeholder";
import { practice_admin } from "~/domain/auth/guards";
import { placeholderLoader } from "~/web/shell/placeholder.server";

export const handle = { title: "My practices" };
export function loader(args: LoaderFunctionArgs) {
  return placeholderLoader("My practices", [practice_admin])(args);
}
export default Placeholder;
