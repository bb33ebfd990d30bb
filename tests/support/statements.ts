/**
 * The SQL statements sent while `run` runs, on PGlite or pg, whichever the test world uses: for
 * tests that pin how many round trips a path makes (issue "speed").
 */
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

export async function statementsDuring<T>(kind: "pglite" | "postgres", run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  type Query = (this: unknown, ...args: unknown[]) => unknown;
  const proto = (kind === "pglite" ? PGlite.prototype : pg.Client.prototype) as unknown as { query: Query };
  const original = proto.query;
  proto.query = function (...args) {
    const [first] = args;
    statements.push(String(typeof first === "object" && first ? (first as { text?: string }).text : first));
    return original.apply(this, args);
  };
  try {
    return { result: await run(), statements };
  } finally {
    proto.query = original;
  }
}
