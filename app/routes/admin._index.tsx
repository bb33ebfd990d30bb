import { Placeholder } from "~/components/Placeholder";
import { admin } from "~/domain/auth/guards";
import { placeholderLoader } from "~/domain/shell/placeholder.server";

export const handle = { title: "Admin" };
export const loader = placeholderLoader("Admin", [admin]);
export default Placeholder;
