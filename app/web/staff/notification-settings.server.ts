/**
 * Who may open /{practice_code}/notification-settings/{user_id} (spec 3 §2; gp, receptionist or
 * practice admin): one's own settings, or, for a practice admin of that practice or a system
 * admin, a staff member's of that practice; only at a practice with notifications on. Shared by
 * the settings page and its confirm page.
 */
import { redirect } from "@remix-run/node";
import type { AppContext } from "~/context.server";
import { gp_or_reception_or_practice_admin, isAdmin, isPracticeAdminAt } from "~/domain/auth/guards";
import { permissionDeniedPath, requireViewer, toGuardViewer } from "~/web/auth/guards.server";
import { notFound } from "~/web/responses.server";
import { parseId } from "~/validation/ids";
import { staffMemberAt } from "~/domain/staff/notification-settings.server";

export async function requireNotificationSettings(request: Request, context: AppContext, params: { practiceCode?: string; userId?: string }) {
  const { viewer, practice } = await requireViewer(request, context, [gp_or_reception_or_practice_admin], { practiceCode: params.practiceCode ?? "" });
  const here = practice!;
  const userId = parseId(params.userId);
  if (userId === null) throw notFound();
  const guardViewer = toGuardViewer(viewer, context.clock.now());
  const mayManage = isAdmin(guardViewer) || isPracticeAdminAt(guardViewer, here.id);
  if (userId !== viewer.userId && !mayManage) throw redirect(permissionDeniedPath(undefined, here.urlCode));
  if (!here.notificationSetting) throw notFound();
  const member = await staffMemberAt(context.db, here.id, userId);
  if (!member) throw notFound();
  return { viewer, practice: here, userId, member, isSelf: userId === viewer.userId };
}
