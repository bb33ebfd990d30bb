/**
 * A stand-in Remix ServerBuild for tests that drive Remix's own request handler (the route layer,
 * the Express app, old practice codes) without building the app: just the routes given, and an
 * entry whose document says which status it was rendered with.
 */
import type { ServerBuild } from "@remix-run/node";

export type RouteModule = ServerBuild["routes"][string]["module"];

export type StandInRoute = { path?: string; parentId?: string; index?: boolean; module: Partial<RouteModule> };

export function standInBuild(routes: Record<string, StandInRoute>): ServerBuild {
  const built: ServerBuild["routes"] = {};
  for (const [id, { path, parentId, index, module }] of Object.entries(routes)) {
    built[id] = { id, path, parentId, index, caseSensitive: undefined, module: { default: () => null, ...module } as RouteModule };
  }
  return {
    mode: "production",
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers) => new Response(`document ${status}`, { status, headers }),
      },
    },
    routes: built,
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: {},
    isSpaMode: false,
  } as unknown as ServerBuild;
}
