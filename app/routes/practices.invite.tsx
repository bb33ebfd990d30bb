import { Placeholder } from "~/components/Placeholder";
import { advanced } from "~/domain/auth/guards";
import { placeholderLoader } from "~/domain/shell/placeholder.server";

export const handle = { title: "Invite a practice" };
export const loader = placeholderLoader("Invite a practice", [advanced]);
export default Placeholder;
