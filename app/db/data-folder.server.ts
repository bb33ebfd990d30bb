/**
 * Where the database's files are: drizzle/'s migrations, and the lock on an embedded data
 * folder. Node's own modules only, so that server.ts can lock the folder and start the database
 * thread (decision 0165) before the app's modules load.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
/** drizzle/ sits at the project root; this file is app/db/ in source and build/ when bundled. */
export function migrationsFolder(): string {
  for (const candidate of [resolve(here, "../../drizzle"), resolve(here, "../drizzle"), resolve("drizzle")]) {
    try {
      readFileSync(join(candidate, "meta/_journal.json"));
      return candidate;
    } catch {
      // try the next place
    }
  }
  throw new Error("Cannot find the drizzle/ migrations folder.");
}

/**
 * PGlite is single-process: two processes on one data folder corrupt it. A lock file
 * with the owner's pid refuses a second opener; a lock left by a dead process is taken over.
 */
const lockedHere = new Set<string>();

export function lockDataDir(dataDir: string): () => void {
  const lockPath = join(dataDir, "frontdoor.lock");
  if (lockedHere.has(resolve(lockPath))) {
    throw new Error(`The database folder ${resolve(dataDir)} is already open in this process.`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const key = resolve(lockPath);
      lockedHere.add(key);
      const release = () => {
        if (released) return;
        released = true;
        lockedHere.delete(key);
        process.off("exit", release);
        rmSync(lockPath, { force: true });
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(lockPath, "utf8").trim());
      // Our own pid in a lock we did not take is a leftover from an earlier run that got
      // the same pid (containers often start as pid 1): stale, like a dead owner's.
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The database folder ${resolve(dataDir)} is in use by process ${owner}. ` +
            "PGlite allows one process at a time: stop that process, or set DATABASE_URL to use PostgreSQL.",
        );
      }
      rmSync(lockPath, { force: true }); // stale lock from a process that died
    }
  }
  throw new Error(`Could not lock the database folder ${resolve(dataDir)}.`);
}

/** Whether a process with this pid runs (one we may not signal runs too). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
