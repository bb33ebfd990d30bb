/**
 * `FLOOR_HTML_FILE=page.html node --import tsx bench/remix-cpu.ts [root]`: the CPU time Remix
 * itself spends per request (issue "speed", decision 0134), in this process, with no server,
 * database or route code: the Remix floor's stubs (bench/floor-server.ts: every loader answers
 * the captured page's data, every action reads the form and answers 303) behind Remix's own
 * request handler, called directly. Measures process CPU time (user + system) per GET of the
 * questions page and per POST, which a busy machine inflates far less than wall time.
 *
 * `root` (default: this checkout) is where the build and node_modules are read from: run it
 * once here and once in another checkout with the same build (before/after a node_modules
 * change) on the same captured page. The page: bench/results/request-page-data.html, which
 * `npm run bench:requests` writes (the questions page with its loader data; a page as the app
 * serves it carries none, decision 0145).
 */
import "./production-env";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";

const root = resolve(process.argv[2] ?? fileURLToPath(new URL("..", import.meta.url)));
const rounds = Number(process.env.BENCH_CPU_ROUNDS ?? 300);
const html = readFileSync(process.env.FLOOR_HTML_FILE ?? "", "utf8");
const context = /window\.__remixContext = (.*?);<\/script>/s.exec(html)?.[1];
if (!context) throw new Error("remix-cpu: no window.__remixContext in the captured page");
const loaderData = (JSON.parse(context) as { state: { loaderData: Record<string, unknown> } }).state.loaderData;
const path = new URL(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? "http://x/demo/questions/1").pathname;

// The checkout's own @remix-run/node (and so its router and react copies).
const require = createRequire(join(root, "package.json"));
const node = (await import(pathToFileURL(require.resolve("@remix-run/node")).href)) as typeof import("@remix-run/node");
const real = (await import(pathToFileURL(join(root, "build/index.js")).href)) as ServerBuild;
const routes: ServerBuild["routes"] = {};
for (const [id, route] of Object.entries(real.routes)) {
  const data = loaderData[id];
  routes[id] = {
    ...route,
    module: {
      ...route.module,
      loader: data === undefined ? undefined : () => node.json(data),
      action: async ({ request }: { request: Request }) => {
        await request.formData();
        return node.redirect(new URL(request.url).pathname, 303);
      },
    },
  };
}
const handler = node.createRequestHandler({ ...real, routes }, "production");
const get = () => handler(new Request(`http://127.0.0.1${path}`, { headers: { accept: "text/html" } }), { nonce: "bench", config: { httpsOnly: false } } as never);
const post = () =>
  handler(new Request(`http://127.0.0.1${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "csrf=x&q31=fit_note" }), { nonce: "bench", config: { httpsOnly: false } } as never);

async function measure(what: string, call: () => Promise<Response>) {
  for (let i = 0; i < 50; i++) await (await call()).text();
  const cpu = process.cpuUsage();
  const at = performance.now();
  let status = 0;
  for (let i = 0; i < rounds; i++) {
    const response = await call();
    status = response.status;
    await response.text();
  }
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / rounds;
  console.log(`${what} ${path}: status ${status}, CPU ${cpuMs.toFixed(2)} ms per request, wall ${((performance.now() - at) / rounds).toFixed(2)} ms (${rounds} requests; load average ${loadavg()[0].toFixed(1)})`);
}

console.log(`remix-cpu: build and node_modules of ${root}`);
await measure("GET ", get);
await measure("POST", post);
