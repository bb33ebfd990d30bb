import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { bubbleLabel } from "~/domain/inbox/inboxes";

export const FIRST_POLL_MS = 4_000;
export const POLL_MS = 30_000;
const TOAST_MS = 4_400;

/**
 * The unread bubble on "Inboxes". The server renders the count with every page (no JS needed);
 * with JS it polls every 30 s (first after 4 s) and shows a toast when the count rises. A failed
 * poll hides the bubble and is only logged (spec 3 §8).
 */
export function InboxBubble({ initial, countUrl }: { initial: number | null; countUrl: string }) {
  const [count, setCount] = useState<number | null>(initial);
  const [toast, setToast] = useState(false);
  const last = useRef(initial ?? 0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    let toastTimer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const poll = async () => {
      try {
        const response = await fetch(countUrl, { credentials: "same-origin", headers: { Accept: "application/json" } });
        if (!response.ok) throw new Error(`count ${response.status}`);
        // null: notifications are not set up (no inbox chosen): no bubble, no toast.
        const { count: next } = (await response.json()) as { count: number | null };
        if (next !== null && next > last.current) {
          setToast(true);
          clearTimeout(toastTimer);
          toastTimer = setTimeout(() => setToast(false), TOAST_MS);
        }
        last.current = next ?? 0;
        setCount(next);
      } catch (error) {
        console.warn("Inbox count failed", error);
        setCount(null);
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, FIRST_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(toastTimer);
    };
  }, [countUrl]);
  const label = count === null ? null : bubbleLabel(count);
  return (
    <>
      {label ? (
        <span className={`app-bubble${label.large ? " app-bubble--large" : ""}`}>
          {label.text}
          <span className="nhsuk-u-visually-hidden"> waiting</span>
        </span>
      ) : null}
      {/* Outside the link it sits in: a toast is not part of the link's name. Only ever set by
          the poll, so only rendered in the browser, where document exists. */}
      {toast
        ? createPortal(
            <div className="app-toast" role="status">
              <strong>New message!</strong> Check your inboxes for a new message.
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
