// Which sources each screen stylesheet is purged against (issue "speed", decision 0142).
//
// Two screen sheets: public/css/main.css for patients and the public, public/css/staff.css for
// staff, practice admins and system admins. staff.css is built from every source (a superset),
// so a staff page links it alone. main.css is built from every source that is not staff-only.
// A source file is staff-only when it is a staff-only route module (below), or when only
// staff-only files import it (`~/…` and relative imports, followed transitively). So a shared
// component counts for the patient sheet as soon as one patient page (or root, or a
// server-rendered page under app/server) imports it, and one only staff pages import (inbox,
// reports, rota …) does not.
//
// A route module is staff-only when it lives in a staff area folder and its name is not one of
// the pages in those folders that patients, invitees or signed-out people reach (a link with a
// token, a patient's bulk message or questionnaire, a video call or waiting room). Areas that
// mix staff and patient pages and are small (integrations, dev) count whole for the patient
// sheet: being wrong that way costs bytes, the other way costs an unstyled page.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/** app/routes folders whose pages are for staff, admins and system admins. */
export const STAFF_AREAS = ["inboxes", "patients", "administration", "templates", "reports", "video"];

/** Pages in the staff areas that someone who is not (yet) staff opens. */
export const NOT_STAFF_ONLY = /\$token|(^|\.)patient_bulk_messages\.|submittedquestionnaire|\.questionnaire\.\$questionnaireId|\.video\.\$consultationId|\.group_chat\.video\.|\.waitingroom/;

/** Whether a source file (path relative to the app folder) is a staff-only route module. */
export function isStaffOnlyRoute(file) {
  const match = /^routes\/([^/]+)\/([^/]+)$/.exec(file.replace(/\\/g, "/"));
  return Boolean(match && STAFF_AREAS.includes(match[1]) && !NOT_STAFF_ONLY.test(match[2]));
}

/** The app file an import specifier names, or null for a package. */
function resolveImport(appDir, fromFile, specifier) {
  let base;
  if (specifier.startsWith("~/")) base = join(appDir, specifier.slice(2));
  else if (specifier.startsWith(".")) base = join(dirname(fromFile), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** The app files a source file imports. */
function importsOf(appDir, file) {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map(([, specifier]) => resolveImport(appDir, file, specifier)).filter(Boolean);
}

/** The files reachable from some entries through imports (the entries included). */
function reachable(appDir, entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const target of importsOf(appDir, file)) if (!seen.has(target)) queue.push(target);
  }
  return seen;
}

/** The patient sheet's sources (absolute paths): every source file that is not staff-only. */
export function patientSourceFiles(appDir, allFiles) {
  const staffRoutes = allFiles.filter((file) => isStaffOnlyRoute(relative(appDir, file)));
  const staffSide = reachable(appDir, staffRoutes);
  // What staff routes do not reach is the patient side's; it and all it imports count.
  const patientSide = reachable(appDir, allFiles.filter((file) => !staffSide.has(file)));
  return allFiles.filter((file) => patientSide.has(file)).sort();
}
