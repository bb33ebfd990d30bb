import { Placeholder } from "~/components/Placeholder";
import { inbox } from "~/domain/auth/guards";
import { placeholderLoader } from "~/domain/shell/placeholder.server";

export const handle = { title: "Inboxes" };
export const loader = placeholderLoader("Inboxes", [inbox], true);
export default Placeholder;
