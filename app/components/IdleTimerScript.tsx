/**
 * The idle-logout timer's script tag (app/client/idle-timer.ts, decision 0145): one plain
 * script for every signed-in page, hydrated or not. The server's HTML links it (deferred, with
 * the CSP nonce) with its settings in `data-*` attributes, and it starts on its own; React is
 * not needed for it to run.
 *
 * On a hydrated page this component also keeps it informed, as the React timer it replaces
 * did: fresh root data (after a client navigation or a form) is a new word from the server on
 * the deadline; a client-side sign-in inserts the script (a <script> React renders on the
 * client does not run); a client-side sign-out stops it.
 */
import { useEffect, useRef } from "react";
import { IDLE_TIMER_GLOBAL, idleTimerAttributes, type IdleTimerHandle, type IdleTimerSettings } from "~/client/idle-timer-settings";
import { useNonce } from "./nonce";

const running = () => (window as unknown as Record<string, IdleTimerHandle | undefined>)[IDLE_TIMER_GLOBAL];

export function IdleTimerScript({ src, settings }: { src: string; settings: IdleTimerSettings }) {
  const nonce = useNonce();
  const seen = useRef(false);

  useEffect(() => {
    const first = !seen.current;
    seen.current = true;
    const timer = running();
    if (timer) {
      // The script read this page's own data when it started; later data is news.
      if (!first) timer.serverSaid({ remainingSeconds: settings.remainingSeconds, csrfToken: settings.csrfToken });
      return;
    }
    if (!first) return;
    const script = document.createElement("script");
    for (const [name, value] of Object.entries(idleTimerAttributes(settings))) script.setAttribute(name, value);
    script.src = src;
    document.body.appendChild(script);
    // The settings object's identity is what matters: each fresh copy of the root data is news.
  }, [settings]);

  useEffect(() => () => running()?.stop(), []);

  return <script src={src} nonce={nonce} defer {...idleTimerAttributes(settings)} />;
}
