import type { LoaderFunctionArgs } from "@remix-run/node";
import { Placeholder } from "~/components/Placeholder";
import { advanced } from "~/domain/auth/guards";
import { placeholderLoader } from "~/web/shell/placeholder.server";

export const handle = { title: "Invite a practice" };
export function loader(args: LoaderFunctionArgs) {
  return placeholderLoader("Invite a practice", [advanced])(args);
}
export default Placeholder;
