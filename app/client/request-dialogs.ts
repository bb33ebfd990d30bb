/**
 * Comfort on top of the server's rules for a draft request (spec 2 §4), as a plain script on
 * the request steps, which are not hydrated (decision 0145): "Cancel and start new request"
 * opens its confirmation as a dialog instead of a page, and the 30-minute limit warns at 25
 * minutes and says so at 30. The server enforces the limit on every step; this only tells the
 * patient earlier.
 *
 * The dialogs' contents are server-rendered <template>s (components/requests/RequestTimer.tsx:
 * the same forms, with their CSRF token and idempotency key, as the plain cancel page), so this
 * script only opens them. Without JS, without `noModule` (the core grade of decision 0125) or
 * without <dialog>, nothing runs and the plain link and page remain.
 */
import { REQUEST_TIMEOUT_MS, REQUEST_WARNING_MS } from "~/domain/requests/request-timer";
import { dialogSupported, openDialogKey, openTemplateDialog, opensElsewhere } from "./dialog";
import { REQUEST_DIALOG_OPEN, REQUEST_DIALOGS } from "./request-dialogs-settings";

type Dialog = keyof typeof REQUEST_DIALOGS;

/** Opens one of the request steps' dialogs (app/client/dialog.ts), keyed by its name. */
function open(name: Dialog, onClose?: () => void) {
  const ids = REQUEST_DIALOGS[name];
  openTemplateDialog(name, ids.template, { labelledBy: ids.title, describedBy: ids.text }, onClose);
}

/** "Cancel and start new request": the link opens the confirmation; focus comes back to it. */
function wireCancelLinks() {
  const links = document.querySelectorAll<HTMLAnchorElement>(`a[${REQUEST_DIALOG_OPEN}="cancel"]`);
  for (let i = 0; i < links.length; i++) {
    const link = links[i];
    link.addEventListener("click", (event) => {
      if (opensElsewhere(event)) return;
      event.preventDefault();
      open("cancel", () => link.focus());
    });
  }
}

/**
 * The 25-minute warning and the 30-minute notice. Time elapsed comes from the server (the
 * stored start against the server's clock when the page was made), so a wrong clock in the
 * browser does not matter.
 */
function startTimer(elapsedAtLoad: number) {
  const loadedAt = Date.now();
  let dismissed = false;
  const check = () => {
    const elapsed = elapsedAtLoad + (Date.now() - loadedAt);
    if (elapsed >= REQUEST_TIMEOUT_MS) {
      if (openDialogKey() !== "timeout") open("timeout");
      window.clearInterval(timer);
    } else if (elapsed >= REQUEST_WARNING_MS && !dismissed && !openDialogKey()) {
      open("warning", () => {
        dismissed = true;
      });
    }
  };
  const timer = window.setInterval(check, 1000);
  check();
}

const script = document.currentScript;
if (script instanceof HTMLScriptElement && dialogSupported()) {
  wireCancelLinks();
  const elapsed = Number(script.dataset.elapsedMs);
  if (script.dataset.elapsedMs && Number.isFinite(elapsed)) startTimer(elapsed);
}
