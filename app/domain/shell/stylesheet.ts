/**
 * The screen stylesheet a page links (issue "speed", decision 0142). public/css/main.css is
 * built from the sources of the pages patients and the public reach; public/css/staff.css from
 * every source (a superset, with the staff screen's styles). Everyone who works on a practice
 * or the system (a practice membership, or a global role other than carer) gets staff.css on
 * every page, so the staff header and the staff areas are always styled; everyone else, signed
 * out included, gets main.css. The staff areas' pages refuse anyone else, and their refusals
 * (sign-in, error pages) are patient pages. These are the sheets' plain paths: the root loader
 * links each by its content-addressed name (public/static-manifest.json, decision 0147).
 */
export type Stylesheet = "/css/main.css" | "/css/staff.css";

type SheetViewer = { memberships: ReadonlyArray<unknown>; globalRoles: ReadonlySet<string> } | null | undefined;

const STAFF_ROLES = ["admin", "advanced", "ccg_admin"];

export function stylesheetFor(viewer: SheetViewer): Stylesheet {
  if (!viewer) return "/css/main.css";
  return viewer.memberships.length > 0 || STAFF_ROLES.some((role) => viewer.globalRoles.has(role)) ? "/css/staff.css" : "/css/main.css";
}
