/**
 * Inside the NHS App (spec 2 §2.4; decision 0084): where its entry link leads, and what the
 * app's own back action does on each of our pages.
 */

const JOURNEY_PATH = /^[A-Za-z0-9][A-Za-z0-9._~-]*(\/[A-Za-z0-9._~-]+)*\/?$/;

/**
 * The path `/nhs-app-auth/{journeyPath}` continues to, with the query the app sent (less the
 * identity it handed over), or null when it is not a plain path of this site.
 */
export function journeyFromNhsApp(journeyPath: string | undefined, query: URLSearchParams): string | null {
  if (!journeyPath || journeyPath.length > 300 || !JOURNEY_PATH.test(journeyPath) || journeyPath.split("/").includes("..")) return null;
  const kept = new URLSearchParams(query);
  kept.delete("assertedLoginIdentity");
  const search = kept.toString();
  return `/${journeyPath}${search ? `?${search}` : ""}`;
}

/** The NHS App's own pages that `nhsapp.navigation.goToPage` opens (its JS API, v2). */
export const APP_PAGES = ["HOME_PAGE", "SERVICES", "YOUR_HEALTH", "MESSAGES", "UPLIFT", "ACCOUNT", "GO_BACK"] as const;
export type AppPage = (typeof APP_PAGES)[number];

/** What the app's back action (Android's back button, iOS's swipe) does on a page. */
export type BackAction = { kind: "app_page"; page: AppPage } | { kind: "path"; path: string } | { kind: "history" };

/**
 * Spec 2 §2.4: from the admin hub to the app's messages; from the clinical request page to the
 * advice page before it (the emergency warning); from the sign-in pages (NHS App entry, NHS
 * login, login) to the app's home; otherwise one step back in the browser's history.
 */
export function nhsAppBackAction(pathname: string): BackAction {
  const segments = pathname.split("/").filter(Boolean);
  const [first, second] = segments;
  if (segments.length === 2 && second === "admin-hub") return { kind: "app_page", page: "MESSAGES" };
  if (segments.length === 2 && second === "clinical-request") return { kind: "path", path: `/${first}/emergency-warning` };
  if (first === "nhs-app-auth" || first === "nhs-login" || first === "login" || second === "login") return { kind: "app_page", page: "HOME_PAGE" };
  return { kind: "history" };
}
