import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { gp_or_reception_or_practice_admin } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";

/** /{practice_code}/notification-settings (the menu's link): one's own settings page. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { viewer, practice } = await requireViewer(request, context, [gp_or_reception_or_practice_admin], { practiceCode: params.practiceCode ?? "" });
  return redirect(`/${practice!.urlCode}/notification-settings/${viewer.userId}`);
}
