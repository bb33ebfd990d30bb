import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { copy } from "~/copy";
import { CsrfInput } from "./Csrf";

type Reply = {
  sent: boolean;
  lastResult?: { error?: Record<string, string[] | null> };
};

/** How long the result stays before the dialog resets and closes (spec 1 §9). */
const RESET_AFTER_MS = 4000;

/**
 * "Suggest an improvement": a link to /suggestion, which works everywhere. When JS runs
 * and the browser has <dialog>, the same form opens in a dialog instead (spec 1 §4:
 * idle, submitting, then success or error; after 4 s it resets, closes and clears).
 */
export function SuggestionLink({ productName }: { productName: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fetcher = useFetcher<Reply>();
  const [status, setStatus] = useState<"idle" | "success" | "error">("idle");
  const [localError, setLocalError] = useState<string | null>(null);
  // Render the dialog only once hydrated: browsers without <dialog> (IE10) would show it inline.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    setStatus(fetcher.data.sent ? "success" : "error");
    const timer = window.setTimeout(() => {
      setStatus("idle");
      setLocalError(null);
      if (textRef.current) textRef.current.value = "";
      dialogRef.current?.close();
    }, RESET_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [fetcher.state, fetcher.data]);

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    const dialog = dialogRef.current;
    if (!dialog || typeof dialog.showModal !== "function") return; // follow the link instead
    event.preventDefault();
    dialog.showModal();
    textRef.current?.focus();
  };

  const serverError =
    fetcher.data && !fetcher.data.sent
      ? fetcher.data.lastResult?.error?.comment?.[0]
      : undefined;
  const error = localError ?? serverError ?? null;

  return (
    <>
      <a
        className="nhsuk-footer__list-item-link"
        href="/suggestion"
        onClick={open}
      >
        Suggest an improvement
      </a>
      {hydrated ? (
        <dialog
          ref={dialogRef}
          className="app-dialog"
          aria-labelledby="suggestion-dialog-title"
        >
          <fetcher.Form
            method="post"
            action="/suggestion"
            noValidate
            onSubmit={(event) => {
              // Nothing is sent when the text is empty (spec 1 §5).
              if (!textRef.current?.value.trim()) {
                event.preventDefault();
                setLocalError(copy.suggestion.empty);
              } else {
                setLocalError(null);
              }
            }}
          >
            <CsrfInput />
            <input type="hidden" name="mode" value="dialog" />
            <div
              className={`nhsuk-form-group${
                error ? " nhsuk-form-group--error" : ""
              }`}
            >
              <h2 className="nhsuk-label-wrapper">
                <label
                  className="nhsuk-label nhsuk-label--m"
                  htmlFor="suggestion-dialog-comment"
                  id="suggestion-dialog-title"
                >
                  Suggest an improvement
                </label>
              </h2>
              {error ? (
                <span
                  className="nhsuk-error-message"
                  id="suggestion-dialog-error"
                >
                  <span className="nhsuk-u-visually-hidden">Error:</span>{" "}
                  {error}
                </span>
              ) : null}
              <textarea
                ref={textRef}
                className={`nhsuk-textarea${
                  error ? " nhsuk-textarea--error" : ""
                }`}
                id="suggestion-dialog-comment"
                name="comment"
                rows={5}
                aria-describedby={error ? "suggestion-dialog-error" : undefined}
                aria-invalid={error ? true : undefined}
              />
            </div>
            <div role="status" aria-live="polite">
              {status === "success" ? (
                <p className="nhsuk-body">
                  {copy.suggestion.succeeded(productName)}
                </p>
              ) : null}
              {status === "error" && !serverError ? (
                <p className="nhsuk-body">{copy.suggestion.failed}</p>
              ) : null}
            </div>
            <div className="nhsuk-button-group">
              <button
                type="submit"
                className="nhsuk-button"
                disabled={fetcher.state !== "idle"}
              >
                {fetcher.state !== "idle" ? "Sending…" : "Send suggestion"}
              </button>
              <button
                type="button"
                className="nhsuk-button nhsuk-button--secondary"
                onClick={() => dialogRef.current?.close()}
              >
                Close
              </button>
            </div>
          </fetcher.Form>
        </dialog>
      ) : null}
    </>
  );
}
