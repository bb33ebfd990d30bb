/**
 * Keeps Node's event loop alive while a start awaits work that is not I/O (decision 0165).
 *
 * When libuv has nothing left to wait for, Node does not sleep: it drains the V8 platform, and
 * that drain blocks until every background task has finished, not only the one a promise
 * waits on. PGlite is WebAssembly: once it has started, V8 compiles its hot functions again with
 * TurboFan on background threads, and a start that awaits only PGlite (its open, the migrations,
 * the demo seed: no socket, no timer) runs the loop empty, so the main thread sat idle for those
 * compilations, 200–280 ms of every start on our 2-core machines (`futex` in `DrainTasks`, seen
 * with gdb). A referenced timer is something for libuv to wait on, so the loop keeps turning and
 * the compilations finish beside the start instead of in front of it.
 *
 * Returns the release; releasing twice is harmless. A held loop keeps the process alive, so
 * every hold is released when its step ends, failed or not.
 */
export function holdEventLoop(): () => void {
  // Never fires in practice: it only has to exist. An hour is well past any start.
  const timer = setInterval(() => {}, 3_600_000);
  return () => clearInterval(timer);
}
