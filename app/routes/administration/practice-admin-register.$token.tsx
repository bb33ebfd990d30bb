import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { invitationTitle, InvitationPage } from "~/components/accounts/InvitationPage";
import { invitationAction, invitationLoader } from "~/web/accounts/invitation-route.server";

/**
 * /practice-admin-register/{token} and /practice/{code}/register/practice-admin/{token} (spec 1 §2.2,
 * one screen at two addresses: app/route-table.mjs): registration from an invitation.
 */
export const handle = { title: invitationTitle };
// Functions, not calls at module level: the client bundle must be able to drop them.
export function loader(args: LoaderFunctionArgs) {
  return invitationLoader("practice_admin")(args);
}
export function action(args: ActionFunctionArgs) {
  return invitationAction("practice_admin")(args);
}
export default InvitationPage;
