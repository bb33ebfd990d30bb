import { fileURLToPath } from "node:url";
import { areaRoutes } from "./app/route-table.mjs";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Route modules live in area folders (app/route-table.mjs), so Remix's own scan is off.
  ignoredRouteFiles: ["**/*"],
  serverModuleFormat: "esm",
  // Old browsers (IE10, Safari 10.1) never run the bundle: entry.client feature-checks
  // first. The target keeps the bundle parseable by the oldest browser that passes the check.
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
  },
  // The areas' modules by Remix's flat-route names, and one screen's several URLs:
  // app/route-table.mjs.
  routes() {
    return areaRoutes(fileURLToPath(new URL("./app", import.meta.url)));
  },
};
