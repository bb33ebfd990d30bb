/**
 * A task run every few minutes inside the web process (report rollup, FFT invitations, video
 * signalling sweep): never two runs of it at once (a slow run makes the next tick a no-op), a
 * failure goes to `onError` and the next tick tries again, and the timer never keeps the process
 * alive. Returns the stop function.
 */
export function runEvery(task: () => Promise<unknown>, onError: (error: unknown) => void, everyMs: number, options: { now?: boolean } = {}): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await task();
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  };
  if (options.now) void tick();
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
