/**
 * The steps of server.ts with a clock between them (bench/startup.ts runs it): prints one JSON
 * line of milliseconds per phase. Process start to this module's first line is "node + tsx".
 * As in server.ts (decisions 0165, 0166), the database thread starts first and works while the
 * modules and the build load (restore, open, migrations, and the demo seed on an empty database):
 * "wait for the database thread" is what was left of its start after them.
 */
const t0 = performance.now();
const since = () => performance.now() - t0;
const out: Record<string, number> = { "node + tsx (before this module)": t0 };
let mark = 0;
const step = (name: string) => {
  const now = since();
  out[name] = now - mark;
  mark = now;
};
const { join } = await import("node:path");
const { fileURLToPath, pathToFileURL } = await import("node:url");
const { readConfig } = await import("../app/config.server");
const { startPgliteThread } = await import("../app/db/pglite-remote.server");
const config = readConfig();
const started = startPgliteThread(config.dataDir, { seedDemo: config.seedDemo });
step("config, database thread started");
const { openDatabase } = await import("../app/db/client.server");
const { seedDemoIfEmpty } = await import("../app/db/seed.server");
const { systemClock } = await import("../app/domain/clock");
const { createApp, createLogger } = await import("../app/server/http.server");
step("load server modules");
const root = fileURLToPath(new URL("..", import.meta.url));
const build = await import(pathToFileURL(join(root, "build/index.js")).href);
step("load the server build");
const database = await openDatabase({ kind: "pglite-thread", started });
step("wait for the database thread (its demo seed if empty)");
// Finds the thread's seed done (main.server.ts skips it so).
if (!(await started.client).seededDemo) await seedDemoIfEmpty(database.db);
step("demo seed on this thread (none)");
const app = createApp({ config, database, clock: systemClock, build, publicDir: join(root, "public"), logger: createLogger(config) });
const server = app.listen(0, "127.0.0.1");
await new Promise((r) => server.once("listening", r));
const { port } = server.address() as { port: number };
step("createApp + listen");
const response = await fetch(`http://127.0.0.1:${port}/`);
await response.arrayBuffer();
step(`first request (${response.status})`);
out.total = since() + t0;
server.close();
await database.close();
console.log(JSON.stringify(out));
process.exit(0);
