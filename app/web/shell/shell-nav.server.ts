/** Builds the signed-in header from the viewer and the flags of the practice they act at. */
import { notificationCount } from "~/domain/staff/notification-settings.server";
import type { AppContext } from "~/context.server";
import type { Viewer } from "~/domain/auth/viewer.server";
import { bubbleCount, bubbleFromCounts } from "~/domain/inbox/counters.server";
import { practiceInboxCounts } from "~/web/inbox/counters.server";
import { practiceNamedInUrl } from "~/web/practices.server";
import { federatedPracticeIds } from "~/domain/auth/guards";
import { actingPracticeId, FEDERATED_CODE } from "~/domain/shell/acting-practice";
import { availablePaths } from "~/domain/shell/available-paths";
import { nhsLoginSettingsUrl } from "~/web/nhs-login/nhs-login.server";
import { signedInNavigation, type MenuViewer, type ShellNavigation } from "~/domain/shell/navigation";

/** `urlCode`: the first path segment, which names the practice on per-practice pages. */
export async function navigationFor(
  request: Request,
  context: Pick<AppContext, "db" | "memo" | "config">,
  viewer: Viewer,
  urlCode: string | null = null,
): Promise<ShellNavigation> {
  const practiceId = actingPracticeId(viewer, urlCode);
  // By code, so the page's own guard and this header share one read of the practice.
  const actingCode = viewer.memberships.find((m) => m.practiceId === practiceId)?.urlCode ?? viewer.patient?.urlCode ?? null;
  const practice = practiceId && actingCode ? await practiceNamedInUrl(request, context, actingCode) : null;
  const rolesHere = new Set(viewer.memberships.filter((m) => m.practiceId === practiceId).map((m) => m.role));
  const menuViewer: MenuViewer = {
    firstName: viewer.firstName,
    isGuest: viewer.isGuest,
    isAdmin: viewer.globalRoles.has("admin"),
    isCarer: viewer.globalRoles.has("carer_user"),
    isPatient: viewer.patient !== null,
    isStaff: rolesHere.has("gp") || rolesHere.has("receptionist"),
    isPracticeAdmin: rolesHere.has("practice_admin"),
    hasMagicToken: false,
    practiceCode: practice?.urlCode ?? null,
    practiceName: practice?.name ?? null,
    userId: viewer.userId,
    isCcgAdmin: viewer.globalRoles.has("ccg_admin"),
    nhsLoginSettingsUrl: nhsLoginSettingsUrl(context, viewer),
  };
  const nav = signedInNavigation(menuViewer, practice ?? null, availablePaths);
  if (menuViewer.isStaff && practice && urlCode?.toLowerCase() === FEDERATED_CODE) {
    // The federated inbox: the header names it, and Inboxes and its bubble cover every practice.
    nav.practiceName = "All practices";
    nav.items = nav.items.map((item) => (item.label === "Inboxes" ? { ...item, href: `/${FEDERATED_CODE}/inbox` } : item));
    nav.inboxBubble = { count: await notificationCount(context.db, federatedPracticeIds(viewer), viewer.userId), countUrl: `/${FEDERATED_CODE}/inboxes/count` };
  } else if (menuViewer.isStaff && practice) {
    // With notifications on, the bubble follows the viewer's notification settings (decision 0075).
    const count = practice.notificationSetting
      ? await notificationCount(context.db, [practice.id], viewer.userId)
      : bubbleFromCounts(await practiceInboxCounts(request, context, practice.id), viewer.userId);
    nav.inboxBubble = { count, countUrl: `/${practice.urlCode}/inboxes/count` };
  }
  return nav;
}
