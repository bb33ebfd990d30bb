import type { LoaderFunctionArgs } from "@remix-run/node";
import { Placeholder } from "~/components/Placeholder";
import { patient } from "~/domain/auth/guards";
import { placeholderLoader } from "~/domain/shell/placeholder.server";

export const handle = { title: "My requests and messages" };
export function loader(args: LoaderFunctionArgs) {
  return placeholderLoader("My requests and messages", [patient], true)(args);
}
export default Placeholder;
