import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { invitationTitle, InvitationPage } from "~/components/accounts/InvitationPage";
import { invitationAction, invitationLoader } from "~/web/accounts/invitation-route.server";

/** /practice/{code}/register/staff/{token} (spec 1 §2.2): registration from an invitation. */
export const handle = { title: invitationTitle };
// Functions, not calls at module level: the client bundle must be able to drop them.
export function loader(args: LoaderFunctionArgs) {
  return invitationLoader("staff")(args);
}
export function action(args: ActionFunctionArgs) {
  return invitationAction("staff")(args);
}
export default InvitationPage;
