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
};
