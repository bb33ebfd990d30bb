/**
 * A throwaway PostgreSQL cluster for one test: Debian's server binaries
 * (/usr/lib/postgresql/<version>/bin), a fresh data folder in the system temp dir, trust
 * auth, listening on 127.0.0.1 only, on a free port from 55432 up. The test can stop, start
 * and restart it at will (tests/e2e/db-restart.spec.ts restarts it under load).
 *
 *   const binDir = findPostgresBinDir();          // null: not installed, skip the test
 *   const cluster = await startPgCluster({ binDir });
 *   ... cluster.url, await cluster.stop(), await cluster.start(), await cluster.isReady() ...
 *   await cluster.destroy();                      // stops it and removes the folder
 *
 * initdb and postgres refuse to run as root: as root, every command runs as the `postgres`
 * OS user (runuser), and the folder is handed to that user first.
 */
import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

const POSTGRES_ROOT = "/usr/lib/postgresql";

/** The newest installed version's bin folder with initdb, pg_ctl and pg_isready; null when none is. */
export function findPostgresBinDir(root = POSTGRES_ROOT): string | null {
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => /^\d+(\.\d+)?$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(root, version, "bin");
    if (["initdb", "pg_ctl", "pg_isready", "postgres"].every((tool) => existsSync(join(bin, tool)))) return bin;
  }
  return null;
}

/** Why the cluster cannot be made here, or null when it can. */
export function pgClusterUnavailableReason(binDir: string | null): string | null {
  if (!binDir) return `no PostgreSQL server binaries under ${POSTGRES_ROOT}/*/bin (apt-get install postgresql)`;
  if (process.getuid?.() === 0 && osUser("postgres") === null) return "running as root and there is no `postgres` OS user to run initdb as";
  if (process.getuid?.() === 0 && !existsSync("/usr/sbin/runuser") && !existsSync("/sbin/runuser")) return "running as root and runuser is missing";
  return null;
}

function osUser(name: string): { uid: number; gid: number } | null {
  try {
    for (const line of readFileSync("/etc/passwd", "utf8").split("\n")) {
      const [user, , uid, gid] = line.split(":");
      if (user === name) return { uid: Number(uid), gid: Number(gid) };
    }
  } catch {
    // fall through to id(1)
  }
  try {
    return { uid: Number(execFileSync("id", ["-u", name]).toString().trim()), gid: Number(execFileSync("id", ["-g", name]).toString().trim()) };
  } catch {
    return null;
  }
}

/** Whether nothing listens on 127.0.0.1:port. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** The first free port from `from` (a few hundred tried). */
export async function freePort(from: number): Promise<number> {
  for (let port = from; port < from + 500; port++) {
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port in ${from}..${from + 499}`);
}

export type PgCluster = {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  dir: string;
  dataDir: string;
  /** The server's own log (startup, shutdown, errors). */
  logFile: string;
  /** pg_ctl start (waits until it accepts connections unless wait is false). */
  start(options?: { wait?: boolean }): Promise<void>;
  /** pg_ctl stop -m <mode> (fast: active sessions are terminated, as in a restart). */
  stop(mode?: "smart" | "fast" | "immediate"): Promise<void>;
  /** Whether a connection succeeds and `select 1` answers, within 1 s. */
  isReady(): Promise<boolean>;
  /** Stops the server (if running) and removes its folder. Never throws. */
  destroy(): Promise<void>;
};

export async function startPgCluster(options: { binDir: string; port?: number; firstPort?: number }): Promise<PgCluster> {
  const { binDir } = options;
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? osUser("postgres") : null;
  if (asRoot && !owner) throw new Error("running as root and there is no `postgres` OS user");
  const port = options.port ?? (await freePort(options.firstPort ?? 55432));
  const dir = mkdtempSync(join(tmpdir(), "frontdoor-pg-"));
  const dataDir = join(dir, "data");
  const logFile = join(dir, "server.log");
  if (owner) chownSync(dir, owner.uid, owner.gid);

  const tool = (name: string, args: string[], timeout = 60_000) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", join(binDir, name), ...args], { timeout, cwd: dir })
      : run(join(binDir, name), args, { timeout, cwd: dir });

  const serverOptions = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    // The socket in our own folder: the Debian default (/var/run/postgresql) may not exist or be writable.
    `-c unix_socket_directories=${dir}`,
    "-c max_connections=60",
  ].join(" ");

  let running = false;
  const cluster: PgCluster = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    dataDir,
    logFile,
    async start({ wait = true } = {}) {
      await tool("pg_ctl", ["-D", dataDir, "-l", logFile, "-o", serverOptions, wait ? "-w" : "-W", "-t", "60", "start"]);
      running = true;
    },
    async stop(mode = "fast") {
      await tool("pg_ctl", ["-D", dataDir, "-m", mode, "-w", "-t", "60", "stop"]);
      running = false;
    },
    async isReady() {
      const client = new pg.Client({ connectionString: cluster.url, connectionTimeoutMillis: 1_000 });
      client.on("error", () => {});
      try {
        await client.connect();
        await client.query("select 1");
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => {});
      }
    },
    async destroy() {
      if (running || existsSync(join(dataDir, "postmaster.pid"))) {
        await tool("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "-t", "30", "stop"]).catch(() => {});
      }
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };

  try {
    // --no-sync: a throwaway cluster need not wait for the disk while it is made.
    await tool("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"], 120_000).catch(async (error: Error) => {
      // Older initdb or a system without the C.UTF-8 locale: try the plain C locale.
      if (!/locale/i.test(String((error as { stderr?: string }).stderr ?? error.message))) throw error;
      rmSync(dataDir, { recursive: true, force: true });
      await tool("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"], 120_000);
    });
    await cluster.start();
  } catch (error) {
    await cluster.destroy();
    const stderr = (error as { stderr?: string }).stderr;
    throw new Error(`could not start a throwaway PostgreSQL on port ${port}: ${stderr?.trim() || (error as Error).message}`);
  }
  return cluster;
}
