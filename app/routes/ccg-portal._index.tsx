import { Placeholder } from "~/components/Placeholder";
import { ccg_admin } from "~/domain/auth/guards";
import { placeholderLoader } from "~/domain/shell/placeholder.server";

export const handle = { title: "Place portal" };
export const loader = placeholderLoader("Place portal", [ccg_admin]);
export default Placeholder;
