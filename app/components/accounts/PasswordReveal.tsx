import { useEffect, useState } from "react";

/**
 * Show/hide for a password field (issue "patient side"): a real button, rendered only once
 * JavaScript runs, that switches the field between hidden and shown text. Without JavaScript
 * the field is a plain password field and there is no button that would do nothing.
 */
export function usePasswordReveal(inputId: string, label = "password") {
  const [ready, setReady] = useState(false);
  const [shown, setShown] = useState(false);
  useEffect(() => setReady(true), []);
  const button = ready ? (
    <button
      type="button"
      className="nhsuk-button nhsuk-button--secondary nhsuk-button--small nhsuk-u-margin-top-2 nhsuk-u-margin-bottom-0"
      aria-controls={inputId}
      onClick={() => setShown((s) => !s)}
    >
      {shown ? "Hide" : "Show"} {label}
    </button>
  ) : null;
  return { type: shown ? "text" : "password", button };
}
