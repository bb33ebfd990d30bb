import { Placeholder } from "~/components/Placeholder";
import { patient } from "~/domain/auth/guards";
import { placeholderLoader } from "~/domain/shell/placeholder.server";

export const handle = { title: "My requests and messages" };
export const loader = placeholderLoader("My requests and messages", [patient], true);
export default Placeholder;
