/**
 * Runs a hot query as a named statement. On PostgreSQL each pooled connection then parses and
 * plans it once and afterwards only binds new values: planning the viewer or an inbox list
 * (several joins, eleven partial indexes to weigh) costs more than running it, on every page.
 * PGlite ignores the name.
 *
 * Only for query shapes whose best plan does not depend on the values: after five runs
 * PostgreSQL may keep one generic plan. Not for LIKE patterns (a generic plan cannot use the
 * prefix index). The name must stand for exactly one SQL text: node-postgres refuses a name
 * reused for different text, so a shape that varies needs a name per variant.
 */
export function runNamed<T>(query: { prepare(name: string): { execute(): Promise<T> } }, name: string): Promise<T> {
  return query.prepare(name).execute();
}
