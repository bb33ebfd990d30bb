import { Placeholder } from "~/components/Placeholder";
import { practice_admin } from "~/domain/auth/guards";
import { placeholderLoader } from "~/domain/shell/placeholder.server";

export const handle = { title: "My practices" };
export const loader = placeholderLoader("My practices", [practice_admin]);
export default Placeholder;
