/**
 * Conform's zod parser for route actions (decision 0137). Route modules import it from here, not
 * from @conform-to/zod: a `.server` module is replaced by an empty one in the browser build, so
 * the parser (and zod behind it) cannot follow the page's component into its scripts, even when
 * the bundler keeps an import it cannot prove unused.
 */
export { parseWithZod } from "@conform-to/zod/v4";
