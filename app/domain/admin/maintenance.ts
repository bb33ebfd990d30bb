/**
 * Maintenance mode (global_settings.maintenance_mode): while it is on, everyone but system
 * admins gets the maintenance page (503, Retry-After) on every page, except the ones a system
 * admin needs to sign in and turn it off again. /healthz and static files are answered by
 * Express before any route runs, so they never reach this rule.
 */

/** Seconds a browser or monitor is asked to wait before trying again. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

/** The default text of the maintenance page when the admin wrote none. */
export const DEFAULT_MAINTENANCE_MESSAGE = "We are making improvements to the service. Please try again later.";

/** Sign-in (with its second step and a practice's own sign-in page) and signing out. */
const OPEN_PATHS = [/^\/login(\/.*)?$/, /^\/[A-Za-z0-9]+\/login$/, /^\/logout$/];

export function isOpenDuringMaintenance(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return OPEN_PATHS.some((pattern) => pattern.test(path));
}

/** Whether this request gets the maintenance page instead of what it asked for. */
export function maintenanceBlocks(input: { maintenanceMode: boolean; pathname: string; isSystemAdmin: boolean }): boolean {
  if (!input.maintenanceMode) return false;
  if (input.isSystemAdmin) return false;
  return !isOpenDuringMaintenance(input.pathname);
}
