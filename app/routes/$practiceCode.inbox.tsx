import type { LoaderFunctionArgs } from "@remix-run/node";
import { Placeholder } from "~/components/Placeholder";
import { inbox } from "~/domain/auth/guards";
import { placeholderLoader } from "~/domain/shell/placeholder.server";

export const handle = { title: "Inboxes" };
export function loader(args: LoaderFunctionArgs) {
  return placeholderLoader("Inboxes", [inbox], true)(args);
}
export default Placeholder;
