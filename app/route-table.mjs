import { readdirSync } from "node:fs";
import path from "node:path";
import { flatRoutesUniversal } from "@remix-run/dev/dist/config/flat-routes.js";

/**
 * The areas of the product, as the spec groups them: each is a folder of app/routes holding
 * route modules named by Remix's flat-route convention (`$practiceCode.inboxes.$inbox.tsx`).
 * The folder only groups: a module's URL and route id come from its file name alone
 * (`routes/$practiceCode.inboxes.$inbox`), so a layout in one area can hold a child in
 * another and moving a module between areas changes nothing a user or a test sees.
 */
export const AREAS = [
  "public-and-sign-in",
  "requests",
  "dependents",
  "appointments-and-prescriptions",
  "inboxes",
  "patients",
  "administration",
  "templates",
  "reports",
  "video",
  "integrations",
  "my-health-and-feedback",
  "dev",
];

const IGNORED = /^\.|\.test\.tsx?$/;
const MODULE = /\.(tsx?|jsx?)$/;

/** Every route module file: name → path under app/ (`routes/<area>/<name>`). */
export function routeFiles(appDirectory) {
  const files = new Map();
  for (const area of readdirSync(path.join(appDirectory, "routes"), { withFileTypes: true })) {
    if (!area.isDirectory()) throw new Error(`app/routes/${area.name}: route modules live in an area folder (app/route-table.mjs)`);
    if (!AREAS.includes(area.name)) throw new Error(`app/routes/${area.name}: not an area of app/route-table.mjs`);
    for (const name of readdirSync(path.join(appDirectory, "routes", area.name))) {
      if (IGNORED.test(name) || !MODULE.test(name)) continue;
      const stem = name.replace(MODULE, "");
      if (files.has(stem)) throw new Error(`route ${stem} is in two areas: ${files.get(stem)} and routes/${area.name}/${name}`);
      files.set(stem, `routes/${area.name}/${name}`);
    }
  }
  return files;
}

/**
 * The route manifest: Remix's own flat-route rules applied to the file names as if they sat in
 * one folder, each pointed at its real file, plus the shared URLs below.
 */
export function areaRoutes(appDirectory) {
  const files = routeFiles(appDirectory);
  const flat = [...files.values()].map((file) => path.join(appDirectory, "routes", path.basename(file)));
  const manifest = flatRoutesUniversal(appDirectory, flat, "routes");
  for (const route of Object.values(manifest)) route.file = files.get(route.id.slice("routes/".length));
  for (const shared of SHARED_ROUTES) {
    const file = files.get(shared.module);
    if (!file) throw new Error(`route table: ${shared.id} points at ${shared.module}, which is not a route module`);
    manifest[shared.id] = { id: shared.id, path: shared.path, file, parentId: shared.parentId ?? "root" };
  }
  return manifest;
}

/**
 * URLs that show the same screen as another route module (the spec gives one screen several
 * URLs). Each is declared here once, with its own route id, and points at the module that
 * holds the loader, action and page; remix.config.js adds them to the file-based routes, and
 * the access matrix and fuzz tests read this table to find their module. A route file that
 * only re-exports another is not written.
 *
 * `id` stays the id the URL had as a file (tests and logs name routes by it); `module` names
 * the route module by its file name (its area folder is found); `parentId` nests the URL under
 * a layout route (its `path` is then relative to the parent's).
 *
 * @type {{ id: string; path: string; module: string; parentId?: string }[]}
 */
export const SHARED_ROUTES = [
  // A practice admin's invitation: the same page with or without the practice in the address.
  {
    id: "routes/practice.$practiceCode.register.practice-admin.$token",
    path: "practice/:practiceCode/register/practice-admin/:token",
    module: "practice-admin-register.$token",
  },
  { id: "routes/$practiceCode.login", path: ":practiceCode/login", module: "login._index" },
  // An issue type's inbox: the inbox list (the loader reads params.type), inside the inboxes layout.
  {
    id: "routes/$practiceCode.inboxes.issue_type.$type",
    parentId: "routes/$practiceCode.inboxes",
    path: "issue_type/:type",
    module: "$practiceCode.inboxes.$inbox",
  },
  // A request opened from an issue type's inbox: the request details, beside that list.
  {
    id: "routes/$practiceCode.inboxes.issue_type.$type.request-details.$requestId",
    parentId: "routes/$practiceCode.inboxes.issue_type.$type",
    path: "request-details/:requestId",
    module: "$practiceCode.inboxes.$inbox.request-details.$requestId",
  },
  // Reports (issue "reports"): the report screen and its CSV downloads for the system admin and
  // the regional-group admin; the address decides the guard and the practices.
  { id: "routes/admin.reports", path: "admin/reports", module: "$practiceCode.report" },
  { id: "routes/admin.reports.csv.$section", path: "admin/reports/csv/:section", module: "$practiceCode.report_.csv.$section" },
  { id: "routes/ccg-portal.reports", path: "ccg-portal/reports", module: "$practiceCode.report" },
  { id: "routes/ccg-portal.reports.csv.$section", path: "ccg-portal/reports/csv/:section", module: "$practiceCode.report_.csv.$section" },
  { id: "routes/ccg-portal.practice.$practiceCode.reports", path: "ccg-portal/practice/:practiceCode/reports", module: "$practiceCode.report" },
  {
    id: "routes/ccg-portal.practice.$practiceCode.reports.csv.$section",
    path: "ccg-portal/practice/:practiceCode/reports/csv/:section",
    module: "$practiceCode.report_.csv.$section",
  },
  // The regional group's practices: the portal's list (search, 20 a page).
  { id: "routes/ccg-portal.practices", path: "ccg-portal/practices", module: "ccg-portal._index" },
  // Give feedback without a practice in the URL: the viewer's own practice (issue "patient side").
  { id: "routes/feedback", path: "feedback", module: "$practiceCode.feedback" },
  // Message templates (issue "templates"): the system admin's national templates at the
  // unprefixed addresses; the practice's at /{code}/… (the address decides the scope).
  { id: "routes/message-templates", path: "message-templates", module: "$practiceCode.message-templates" },
  { id: "routes/create-message-template", path: "create-message-template", module: "$practiceCode.create-message-template" },
  { id: "routes/edit-message-template.$templateId", path: "edit-message-template/:templateId", module: "$practiceCode.edit-message-template.$templateId" },
  { id: "routes/questionnaire.$questionnaireId", path: "questionnaire/:questionnaireId", module: "$practiceCode.questionnaire-details.$questionnaireId" },
  { id: "routes/create-questionnaire", path: "create-questionnaire", module: "$practiceCode.create-questionnaire" },
  { id: "routes/edit-questionnaire.$questionnaireId", path: "edit-questionnaire/:questionnaireId", module: "$practiceCode.edit-questionnaire.$questionnaireId" },
  // Carers (issue "patient side", spec 2 §2.3): the people I care for and adding one, with and
  // without the practice code; carer registration from the practice code alone.
  { id: "routes/$practiceCode.dependents", path: ":practiceCode/dependents", module: "carer.dependents" },
  { id: "routes/$practiceCode.dependents.add", path: ":practiceCode/dependents/add", module: "carer.dependents_.add" },
  { id: "routes/$practiceCode.carer.register", path: ":practiceCode/carer/register", module: "practice.$practiceCode.carer.register" },
  // The link in a practice's SMS or e-mail (spec 2 §2.2, decision 0108): the magic link's page,
  // with what the link is for in the address.
  { id: "routes/msg.$type.auth.$token", path: "msg/:type/auth/:token", module: "security.$token" },
];
