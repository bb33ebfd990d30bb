/**
 * The idle-logout timer (IdleTimer.tsx), fetched after hydration instead of with the root route
 * (decision 0143): it renders nothing until a reminder is due, which is minutes after the page
 * has loaded, so its code need not be in the scripts every page waits for. The props reach it
 * unchanged, so it behaves as when it was imported directly; only its start is a few
 * milliseconds later (its first reading of the deadline uses the page request's own time).
 *
 * If the chunk cannot be loaded (network gone), nothing shows: the server ends an idle
 * session whatever the browser does, as it does without JavaScript.
 */
import { useEffect, useState, type ComponentType } from "react";
import type { IdleTimerData } from "./IdleTimer";

type Props = { timer: IdleTimerData; productName: string; csrfToken: string };

export function IdleTimerAfterHydration(props: Props) {
  const [Timer, setTimer] = useState<ComponentType<Props> | null>(null);
  useEffect(() => {
    let live = true;
    import("./IdleTimer").then(
      (module) => {
        // A function component held in state must be set through an updater.
        if (live) setTimer(() => module.IdleTimer);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return Timer ? <Timer {...props} /> : null;
}
