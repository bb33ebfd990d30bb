import { useEffect, useState } from "react";
import { PASSWORD_REVEAL, PASSWORD_REVEAL_BUTTON_CLASS } from "~/client/dialog-settings";
import { usePageHydrates } from "~/components/hydration";
import { PageComfortsScript } from "~/components/PageComforts";

/**
 * Show/hide for a password field (issue "patient side"): a real button, present only once
 * JavaScript runs, that switches the field between hidden and shown text. Without JavaScript
 * the field is a plain password field and there is no button that would do nothing.
 *
 * On a hydrated page React adds the button. On a page that is not (decision 0160) the field is
 * marked and the plain page-comforts script adds the same button; `attributes` go on the input.
 */
export function usePasswordReveal(inputId: string, label = "password") {
  const hydrates = usePageHydrates();
  const [ready, setReady] = useState(false);
  const [shown, setShown] = useState(false);
  useEffect(() => setReady(true), []);
  if (!hydrates) return { type: "password", button: <PageComfortsScript />, attributes: { [PASSWORD_REVEAL]: label } };
  const button = ready ? (
    <button
      type="button"
      className={PASSWORD_REVEAL_BUTTON_CLASS}
      aria-controls={inputId}
      onClick={() => setShown((s) => !s)}
    >
      {shown ? "Hide" : "Show"} {label}
    </button>
  ) : null;
  return { type: shown ? "text" : "password", button, attributes: {} };
}
