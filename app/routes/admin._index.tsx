import type { LoaderFunctionArgs } from "@remix-run/node";
import { Placeholder } from "~/components/Placeholder";
import { admin } from "~/domain/auth/guards";
import { placeholderLoader } from "~/web/shell/placeholder.server";

export const handle = { title: "Admin" };
export function loader(args: LoaderFunctionArgs) {
  return placeholderLoader("Admin", [admin])(args);
}
export default Placeholder;
