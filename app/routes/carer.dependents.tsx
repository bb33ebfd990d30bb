import { Placeholder } from "~/components/Placeholder";
import { noGPNoGuestAccount } from "~/domain/auth/guards";
import { placeholderLoader } from "~/domain/shell/placeholder.server";

export const handle = { title: "People I care for" };
export const loader = placeholderLoader("People I care for", [noGPNoGuestAccount]);
export default Placeholder;
