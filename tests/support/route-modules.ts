import { SHARED_ROUTES } from "../../app/route-table.mjs";

/**
 * The route modules by route id, as the Remix build has them: one per file of app/routes/<area>
 * (from the test's `import.meta.glob`), plus the URLs of the route table (app/route-table.mjs)
 * that share another route's module under their own id.
 */
export function routeModulesById<M>(globbed: Record<string, M>): Map<string, M> {
  const byId = new Map(Object.entries(globbed).map(([file, module]) => [`routes/${file.replace(/^.*\/routes\/[^/]+\//, "").replace(/\.tsx?$/, "")}`, module]));
  for (const shared of SHARED_ROUTES) {
    const module = byId.get(`routes/${shared.module}`);
    if (!module) throw new Error(`route table: ${shared.id} points at ${shared.module}, which is not a route module`);
    byId.set(shared.id, module);
  }
  return byId;
}
