/**
 * The JS a page ships, from the build's own record (build/metafile.js.json, written by
 * `remix build`): the static-import closure of `entry.client`, the root route and the page's
 * route modules (with their layout parents), each file as it lies in public/build after the
 * Chrome 70 lowering, gzipped at level 6 (the compression middleware's default). Dynamic
 * imports are left out: they load after hydration, not for the first paint.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
// The route table Remix itself is configured with (remix.config.js), to find each route's file and parents.
import { areaRoutes } from "../app/route-table.mjs";

/**
 * The patient pages issue "speed" budgets (decision 0137), by route id. `hydrated: false` for the
 * pages whose route says `handle.hydrate = false` (decision 0145): they load none of this closure,
 * only the plain scripts of app/client/, so their metafile figure is what they would cost hydrated.
 */
export const PATIENT_PAGE_ROUTES: { name: string; routeIds: string[]; hydrated: boolean }[] = [
  { name: "questions", routeIds: ["routes/$practiceCode.questions.$entryId"], hydrated: false },
  { name: "message/myself", routeIds: ["routes/$practiceCode.message.myself._index"], hydrated: false },
  { name: "confirmation", routeIds: ["routes/$practiceCode.confirmation.$entryId"], hydrated: false },
  { name: "my-requests-and-messages", routeIds: ["routes/$practiceCode.my-requests-and-messages"], hydrated: false },
  { name: "chat", routeIds: ["routes/$practiceCode.chat.$patientEntryId"], hydrated: false },
];

/** The areas of app/routes (app/route-table.mjs) whose pages patients, carers, guests and visitors see. */
export const PATIENT_AREAS = ["public-and-sign-in", "requests", "dependents", "appointments-and-prescriptions", "my-health-and-feedback"];

/** Pages in those areas that only staff see: not patient pages, so not held to the budget. */
export const STAFF_PAGES_IN_PATIENT_AREAS = [
  "routes/$practiceCode.submitted_.$id",
  "routes/$practiceCode.message.staff.$patientId",
  "routes/$practiceCode.requests.$requestId.file",
  "routes/$practiceCode.requests.$requestId.delete",
];

/**
 * The patient pages that still hydrate, and why (decision 0160): each is over the 90 KB budget.
 * Every other patient page says `hydrate: false` (the unit test in app/components/hydration.test.ts).
 */
export const HYDRATED_PATIENT_PAGES: Record<string, string> = {
  // None since decision 0161: the video calls are a plain script too. A page listed here needs a reason.
};

/** The video area's pages a patient opens (the rest of that area is staff's: rotas, schedules). */
const PATIENT_VIDEO_PAGES = ["routes/$practiceCode.waitingroom", "routes/$practiceCode.group_chat.video.$groupChatId"];

/** Patient page route modules (area folder and route id): every page module of PATIENT_AREAS but staff ones, and the video calls patients join. */
export function patientPageModules(root: string): { id: string; file: string }[] {
  const manifest = areaRoutes(join(root, "app")) as Record<string, { id: string; file: string }>;
  return Object.values(manifest)
    .filter((route) => PATIENT_AREAS.includes(route.file.split("/")[1]) || PATIENT_VIDEO_PAGES.includes(route.id))
    .filter((route) => route.file.endsWith(".tsx") && !STAFF_PAGES_IN_PATIENT_AREAS.includes(route.id))
    .map((route) => ({ id: route.id, file: route.file }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

type Metafile = {
  outputs: Record<string, { imports: { path: string; kind: string }[]; entryPoint?: string; inputs: Record<string, unknown> }>;
};

export type ClosureFile = { path: string; gzipBytes: number; inputs: string[] };
export type Closure = { files: ClosureFile[]; gzipBytes: number };

/** The module files of `routeId` and its layout parents, root first (app-relative paths). */
function routeChain(root: string, routeId: string): string[] {
  const manifest = areaRoutes(join(root, "app")) as Record<string, { file: string; parentId?: string }>;
  const chain: string[] = [];
  for (let id: string | undefined = routeId; id && id !== "root"; id = manifest[id]?.parentId) {
    const route = manifest[id];
    if (!route) throw new Error(`js-closure: no route ${id} in the route table`);
    chain.unshift(`app/${route.file}`);
  }
  return ["app/root.tsx", ...chain];
}

/** The closure of `entry.client`, root and the given routes in the metafile at `root/build`. */
export function metafileClosure(root: string, routeIds: string[]): Closure {
  const metafile = JSON.parse(readFileSync(join(root, "build/metafile.js.json"), "utf8")) as Metafile;
  const entries = new Set(["app/entry.client.tsx", ...routeIds.flatMap((id) => routeChain(root, id))]);
  // Route modules are entered as `browser-route-module:<file under app>?browser`.
  const entryFile = (entryPoint: string) => {
    const route = /^browser-route-module:(.*)\?browser$/.exec(entryPoint);
    return route ? `app/${route[1]}` : entryPoint;
  };
  const starts = Object.entries(metafile.outputs)
    .filter(([path, out]) => path.endsWith(".js") && out.entryPoint && entries.has(entryFile(out.entryPoint)))
    .map(([path]) => path);
  if (starts.length !== entries.size) throw new Error(`js-closure: found ${starts.length} of ${entries.size} entry points (${[...entries].join(", ")}); build first`);
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const path = queue.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    for (const imp of metafile.outputs[path]?.imports ?? []) if (imp.kind === "import-statement") queue.push(imp.path);
  }
  const files = [...seen].sort().map((path) => ({
    path,
    gzipBytes: gzipSync(readFileSync(join(root, path)), { level: 6 }).length,
    inputs: Object.keys(metafile.outputs[path]?.inputs ?? {}),
  }));
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}
