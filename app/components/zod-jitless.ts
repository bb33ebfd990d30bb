/**
 * The inline script every page runs before its modules: zod 4 builds object schemas with
 * `new Function` unless told not to, and probes for it first. The CSP has no 'unsafe-eval', so
 * the probe is refused and Chromium reports a Content-Security-Policy issue on every page with
 * JS (Lighthouse best practices, decision 0139). zod keeps its settings (what `z.config()` sets)
 * on this global, so setting it before any schema module loads makes every schema jitless
 * without importing zod into the page's entry. ES3, so old browsers run it harmlessly.
 */
export const ZOD_JITLESS_SCRIPT = "window.__zod_globalConfig={jitless:true};";
