import { SHARED_ROUTES } from "./app/route-table.mjs";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  // Old browsers (IE10, Safari 10.1) never run the bundle: entry.client feature-checks
  // first. The target keeps the bundle parseable by the oldest browser that passes the check.
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
  },
  // One screen, several URLs: app/route-table.mjs. Added to the file-based routes of app/routes.
  routes(defineRoutes) {
    const manifest = defineRoutes((route) => {
      for (const r of SHARED_ROUTES) route(r.path, r.file, { id: r.id });
    });
    for (const r of SHARED_ROUTES) if (r.parentId) manifest[r.id].parentId = r.parentId;
    return manifest;
  },
};
