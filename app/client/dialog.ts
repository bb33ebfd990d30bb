/**
 * The one modal dialog of the plain scripts (decision 0145, 0160): a server-rendered <template>
 * (the same forms, CSRF token and idempotency key as the page the link goes to without JS)
 * opened as a <dialog>, as components/Dialog.tsx does on hydrated pages. Escape and the
 * buttons marked `data-dialog-close` close it, calling `onClose` (focus back to what opened it);
 * without `onClose` (the request timeout notice) neither closes it. One dialog at a time.
 */
import { DIALOG_CLOSE } from "./dialog-settings";

/**
 * Whether the browser can: the enhanced grade of decision 0125 (`noModule`: the core grade runs
 * no comfort at all), <dialog> with showModal (Safari before 15.4 has none) and <template>.
 */
export function dialogSupported(): boolean {
  return (
    "noModule" in document.createElement("script") &&
    typeof window.HTMLDialogElement === "function" &&
    typeof window.HTMLDialogElement.prototype.showModal === "function" &&
    "content" in document.createElement("template")
  );
}

type Open = { key: string; dialog: HTMLDialogElement; template: HTMLTemplateElement; onClose?: () => void };
let current: Open | null = null;

/** The key of the dialog that is open (what it was opened as), or null. */
export function openDialogKey(): string | null {
  return current ? current.key : null;
}

export function closeDialog() {
  const open = current;
  current = null;
  if (!open) return;
  if (open.dialog.open) open.dialog.close();
  // Back into its template: the page holds one copy of the content at any time.
  while (open.dialog.firstChild) open.template.content.appendChild(open.dialog.firstChild);
  if (open.dialog.parentNode) open.dialog.parentNode.removeChild(open.dialog);
  if (open.onClose) open.onClose();
}

/**
 * Opens the template with id `templateId` as a modal dialog labelled (and described, where
 * given) by elements of its content; false when there is no such template.
 */
export function openTemplateDialog(
  key: string,
  templateId: string,
  aria: { labelledBy: string; describedBy?: string },
  onClose?: () => void,
): boolean {
  const template = document.getElementById(templateId);
  if (!(template instanceof HTMLTemplateElement)) return false;
  if (current) closeDialog();
  const dialog = document.createElement("dialog");
  dialog.className = "app-dialog";
  dialog.setAttribute("aria-labelledby", aria.labelledBy);
  if (aria.describedBy) dialog.setAttribute("aria-describedby", aria.describedBy);
  // The content moves out of the template (and back on close) rather than being copied, so ids
  // and landmarks stay unique in the page.
  dialog.appendChild(template.content);
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    if (onClose) closeDialog();
  });
  dialog.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target.closest(`[${DIALOG_CLOSE}]`) : null;
    if (target && onClose) {
      event.preventDefault();
      closeDialog();
    }
  });
  document.body.appendChild(dialog);
  current = { key, dialog, template, onClose };
  dialog.showModal();
  return true;
}

/** Whether a click on a link should open it as usual (a new tab or window), not as a dialog. */
export function opensElsewhere(event: MouseEvent): boolean {
  return event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0;
}
