/**
 * The comforts of the patient pages that are not hydrated (decision 0160), as one plain classic
 * script: what React did on them, over markup the server already renders for JS off.
 *
 * - Links marked `data-dialog-template` (components/DialogLink.tsx) open their
 *   confirmation or booking form as a dialog over the page instead of loading its page; focus
 *   comes back to the link when it closes.
 * - Password inputs marked `data-password-reveal` get a Show/Hide button (issue "patient side").
 * - An element marked `data-refresh-every` is fetched again from the page's URL at that interval
 *   while the page is visible and no dialog is open (the free appointment slots, spec 2 §9).
 * - NHS.UK conditional radios (`data-aria-controls` on the radio, as NHS.UK's own script reads
 *   it) show their panel only while their radio is chosen; without JS it always shows.
 * - Inputs marked `data-no-spaces` refuse typed spaces and drop pasted ones.
 * - The footer's suggestion form, opened as a dialog like the links above, is sent with fetch and
 *   answered in the dialog (spec 1 §4): nothing is sent when it is empty; the result shows for
 *   4 s, then the dialog clears and closes.
 *
 * Every component that needs it links this script, so a page may link it more than once: it
 * runs once. Without JS, or on the core grade (no `noModule`, decision 0125), nothing runs and
 * the plain links, fields and pages remain.
 */
import { closeDialog, dialogSupported, openDialogKey, openTemplateDialog, opensElsewhere } from "./dialog";
import { BACKGROUND_REQUEST_HEADER } from "~/domain/sessions/background";
import {
  DIALOG_TEMPLATE,
  DIALOG_TITLE,
  HIDDEN_CLASS,
  NO_SPACES,
  PASSWORD_REVEAL,
  PASSWORD_REVEAL_BUTTON_CLASS,
  REFRESH_EVERY,
  SUGGESTION_DATA_URL,
  SUGGESTION_FORM,
  SUGGESTION_RESET_AFTER_MS,
  WITHOUT_REVEAL,
} from "./dialog-settings";

type Marked = Window & { frontdoorPageComforts?: boolean };

/** Opens a marked link's template as a dialog on a plain click. */
function wireDialogLinks(root: ParentNode) {
  const links = root.querySelectorAll<HTMLAnchorElement>(`a[${DIALOG_TEMPLATE}]`);
  for (let i = 0; i < links.length; i++) {
    const link = links[i];
    link.addEventListener("click", (event) => {
      if (opensElsewhere(event)) return;
      const templateId = link.getAttribute(DIALOG_TEMPLATE) ?? "";
      const opened = openTemplateDialog(templateId, templateId, { labelledBy: link.getAttribute(DIALOG_TITLE) ?? "" }, () => link.focus());
      if (opened) event.preventDefault();
    });
  }
}

/** A Show/Hide button after each marked password input, as the hydrated pages have. */
function wirePasswordReveals() {
  const inputs = document.querySelectorAll<HTMLInputElement>(`input[${PASSWORD_REVEAL}]`);
  for (let i = 0; i < inputs.length; i++) {
    const input = inputs[i];
    const label = input.getAttribute(PASSWORD_REVEAL) || "password";
    const button = document.createElement("button");
    button.type = "button";
    button.className = PASSWORD_REVEAL_BUTTON_CLASS;
    if (input.id) button.setAttribute("aria-controls", input.id);
    button.textContent = `Show ${label}`;
    button.addEventListener("click", () => {
      const show = input.type === "password";
      input.type = show ? "text" : "password";
      button.textContent = `${show ? "Hide" : "Show"} ${label}`;
    });
    input.parentNode?.insertBefore(button, input.nextSibling);
  }
}

/**
 * Keeps each marked element fresh: its content replaced by the same element of the page fetched
 * again. Skipped while the tab is hidden, a dialog is open (a patient filling in a form over
 * the list keeps what they typed) or focus is inside the element (a keyboard user keeps their
 * place: new markup would drop focus to the page); a failed fetch waits for the next turn.
 */
function wireRefreshes() {
  const elements = document.querySelectorAll<HTMLElement>(`[${REFRESH_EVERY}]`);
  for (let i = 0; i < elements.length; i++) {
    const id = elements[i].id;
    const every = Number(elements[i].getAttribute(REFRESH_EVERY));
    if (!id || !(every >= 1000) || typeof window.fetch !== "function" || typeof window.DOMParser !== "function") continue;
    const busy = () => {
      const current = document.getElementById(id);
      return document.hidden || openDialogKey() !== null || (current !== null && current.contains(document.activeElement));
    };
    window.setInterval(() => {
      if (busy()) return;
      window
        // Marked as the page's own request: it does not count as the patient's activity for the
        // server's idle logout (decision 0162), as it does not for the idle timer here.
        .fetch(window.location.href, { credentials: "same-origin", headers: { Accept: "text/html", [BACKGROUND_REQUEST_HEADER]: "refresh" } })
        .then((response) => (response.ok ? response.text() : null))
        .then((html) => {
          const current = document.getElementById(id);
          if (html === null || !current || busy()) return;
          const fresh = new DOMParser().parseFromString(html, "text/html").getElementById(id);
          if (!fresh) return;
          current.innerHTML = fresh.innerHTML;
          wireDialogLinks(current);
        })
        .catch(() => {
          // Offline or the server away: the list on screen stays; booking checks the slot anyway.
        });
    }, every);
  }
}

/**
 * NHS.UK's conditional radios: each radio naming a panel (`data-aria-controls`) gets
 * `aria-controls` and its panel shows only while it is checked (NHS.UK hides the panel with its
 * own script, which these pages do not load; `nhsuk-u-display-none` does it here).
 */
function wireConditionalReveals() {
  const radios = document.querySelectorAll<HTMLInputElement>(".nhsuk-radios--conditional input[type=radio][data-aria-controls]");
  if (radios.length === 0) return;
  const sync = () => {
    for (let i = 0; i < radios.length; i++) {
      const panel = document.getElementById(radios[i].getAttribute("aria-controls") ?? "");
      if (panel) panel.classList.toggle(HIDDEN_CLASS, !radios[i].checked);
    }
  };
  for (let i = 0; i < radios.length; i++) {
    radios[i].setAttribute("aria-controls", radios[i].getAttribute("data-aria-controls") ?? "");
    radios[i].removeAttribute("data-aria-controls");
  }
  const notes = document.querySelectorAll(`[${WITHOUT_REVEAL}]`);
  for (let i = 0; i < notes.length; i++) notes[i].parentNode?.removeChild(notes[i]);
  // Any radio of the groups, with or without a panel, may change which panel shows.
  document.addEventListener("change", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type === "radio") sync();
  });
  sync();
}

/** Spaces refused as typed and dropped from pasted text, in the inputs marked for it. */
function wireNoSpaces() {
  document.addEventListener("keydown", (event) => {
    if (event.key === " " && event.target instanceof HTMLInputElement && event.target.hasAttribute(NO_SPACES)) event.preventDefault();
  });
  document.addEventListener("paste", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.hasAttribute(NO_SPACES) || !event.clipboardData) return;
    const text = event.clipboardData.getData("text");
    if (!/\s/.test(text)) return;
    event.preventDefault();
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? input.value.length;
    // As the server's stripSpaces (validation/rules.ts), which this script cannot import (zod).
    input.value = input.value.slice(0, start) + text.replace(/\s+/g, "") + input.value.slice(end);
  });
}

type SuggestionReply = { sent?: boolean; lastResult?: { error?: Record<string, string[] | null> | null } };

/**
 * The suggestion form in its dialog: checked here (nothing is sent when empty), then posted to the
 * route's data URL with `mode=dialog`, which answers JSON; the answer shows in the dialog, and
 * after 4 s the form clears and the dialog closes (as the hydrated pages' SuggestionLink does).
 */
function wireSuggestionForms() {
  if (typeof window.fetch !== "function") return;
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute(SUGGESTION_FORM)) return;
    event.preventDefault();
    const text = form.querySelector("textarea");
    const error = form.querySelector<HTMLElement>(".nhsuk-error-message");
    const status = form.querySelector<HTMLElement>("[role=status]");
    const send = form.querySelector<HTMLButtonElement>("button[type=submit]");
    if (!text || !error || !status || !send || send.disabled) return;
    const showError = (message: string | null) => {
      error.classList.toggle(HIDDEN_CLASS, message === null);
      (error.lastElementChild as HTMLElement).textContent = message || "";
      if (error.parentElement) error.parentElement.classList.toggle("nhsuk-form-group--error", message !== null);
      text.classList.toggle("nhsuk-textarea--error", message !== null);
      if (message === null) {
        text.removeAttribute("aria-invalid");
        text.removeAttribute("aria-describedby");
      } else {
        text.setAttribute("aria-invalid", "true");
        text.setAttribute("aria-describedby", error.id);
      }
    };
    const showStatus = (message: string | null) => {
      status.innerHTML = "";
      if (message === null) return;
      const paragraph = document.createElement("p");
      paragraph.className = "nhsuk-body";
      paragraph.textContent = message;
      status.appendChild(paragraph);
    };
    if (!text.value.trim()) {
      showError(form.getAttribute("data-empty-text"));
      text.focus();
      return;
    }
    showError(null);
    showStatus(null);
    send.disabled = true;
    send.textContent = "Sending…";
    const body = new URLSearchParams();
    for (let i = 0; i < form.elements.length; i++) {
      const field = form.elements[i] as HTMLInputElement;
      if (field.name) body.set(field.name, field.value);
    }
    body.set("mode", "dialog");
    const answered = (reply: SuggestionReply | null) => {
      send.disabled = false;
      send.textContent = "Send suggestion";
      const refused = reply && !reply.sent && reply.lastResult && reply.lastResult.error ? reply.lastResult.error.comment : null;
      if (reply && reply.sent) showStatus(form.getAttribute("data-sent-text"));
      else if (refused && refused[0]) showError(refused[0]);
      else showStatus(form.getAttribute("data-failed-text"));
      window.setTimeout(() => {
        text.value = "";
        showError(null);
        showStatus(null);
        if (form.parentElement instanceof HTMLDialogElement) closeDialog();
      }, SUGGESTION_RESET_AFTER_MS);
    };
    window
      .fetch(SUGGESTION_DATA_URL, { method: "POST", body, credentials: "same-origin", headers: { Accept: "application/json" } })
      .then((response) => (response.headers.get("Content-Type") || "").indexOf("application/json") === 0 ? (response.json() as Promise<SuggestionReply>) : null)
      .then(answered, () => answered(null));
  });
}

const marked = window as Marked;
if (!marked.frontdoorPageComforts && "noModule" in document.createElement("script")) {
  marked.frontdoorPageComforts = true;
  // Deferred: the whole document is parsed when this runs.
  wirePasswordReveals();
  wireConditionalReveals();
  wireNoSpaces();
  if (dialogSupported()) {
    wireDialogLinks(document);
    wireSuggestionForms();
    // A page kept for the back button comes back without the dialog its form left from.
    window.addEventListener("pagehide", closeDialog);
  }
  wireRefreshes();
}
