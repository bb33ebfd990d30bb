import { Placeholder } from "~/components/Placeholder";
import { loggedin, nogp } from "~/domain/auth/guards";
import { placeholderLoader } from "~/domain/shell/placeholder.server";

export const handle = { title: "Make a request" };
export const loader = placeholderLoader("Make a request", [loggedin, nogp], true);
export default Placeholder;
