import { fileURLToPath } from "node:url";
import { areaRoutes } from "./app/route-table.mjs";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Route modules live in area folders (app/route-table.mjs), so Remix's own scan is off.
  ignoredRouteFiles: ["**/*"],
  serverModuleFormat: "esm",
  // Browser grades (decision 0125): every minimum browser gets the server-rendered product;
  // only browsers that parse the bundle and pass entry.client's feature check hydrate. Remix's
  // classic compiler has no browser target option (esbuild's default is esnext), so
  // `npm run build` lowers public/build/ afterwards: scripts/client-target.mjs (CLIENT_TARGET).
  future: {
    // Each page's inline manifest holds only its matched routes (and their ancestors' index
    // routes); the rest are fetched from `/__manifest?p=…` for the links and forms on the page
    // (decision 0143). Was: a manifest-*.js of all ~390 routes, 10 KB gzip, on every page.
    v3_lazyRouteDiscovery: true,
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
