/**
 * Hot queries built once per database handle (issue "speed", decision 0140). Drizzle's query
 * builder is not free: building the viewer's select (six subqueries) or the practice look-up
 * walks and escapes every column and fragment, and on the request page that was about a tenth
 * of the server's CPU. A query written with `sql.placeholder(...)` for its values is built and
 * prepared once per handle (PGlite, the pool, or a transaction) and afterwards only executed
 * with new values; on PostgreSQL the name also makes it a named statement (see runNamed).
 *
 * The same rule as runNamed: a name stands for exactly one SQL text, so `build` must not
 * depend on anything but the handle it is given.
 */
type Prepared = { execute(values?: Record<string, unknown>): Promise<unknown> };

const built = new WeakMap<object, Map<string, Prepared>>();

export function preparedOnce<P extends Prepared, D extends object>(db: D, name: string, build: (db: D) => { prepare(name: string): P }): P {
  let byName = built.get(db);
  if (!byName) built.set(db, (byName = new Map()));
  let prepared = byName.get(name) as P | undefined;
  if (!prepared) {
    prepared = build(db).prepare(name);
    byName.set(name, prepared);
  }
  return prepared;
}
