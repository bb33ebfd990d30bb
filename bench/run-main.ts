/**
 * Runs a bench's main(): once everything is closed the process should end by itself; if a
 * handle still holds it open, it is ended after 5 s rather than hanging a terminal or a script.
 */
export function runBenchMain(main: () => Promise<void>): void {
  main().then(
    () => {
      setTimeout(() => {
        console.error("bench: something kept the process alive after clean-up; exiting.");
        process.exit(0);
      }, 5_000).unref();
    },
    (error: unknown) => {
      console.error("bench crashed:", error instanceof Error ? (error.stack ?? error.message) : error);
      process.exitCode = 1;
      setTimeout(() => process.exit(1), 5_000).unref();
    },
  );
}
