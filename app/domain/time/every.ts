/**
 * A task run every few minutes inside one process (the job queue's periodic jobs on PGlite,
 * decision 0151): never two runs of it at once (a slow run makes the next tick a no-op), a
 * failure goes to `onError` and the next tick tries again, and the timer never keeps the process
 * alive. Returns the stop function, which resolves once a run under way has ended.
 */
export function runEvery(task: () => Promise<unknown>, onError: (error: unknown) => void, everyMs: number, options: { now?: boolean } = {}): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        await task();
      } catch (error) {
        onError(error);
      } finally {
        running = null;
      }
    })();
  };
  if (options.now) tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
