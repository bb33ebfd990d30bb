/**
 * The attributes shared by server-rendered markup and the plain scripts that enhance it
 * (app/client/dialog.ts, page-comforts.ts; decisions 0145 and 0160). A module of constants
 * only, so components import it without pulling any browser code into the server.
 */

/** On a button inside a dialog: closes it (as Escape does). */
export const DIALOG_CLOSE = "data-dialog-close";

/**
 * On a link (`DialogLink`): the id of the <template> it opens as a dialog instead of its page.
 * `DIALOG_TITLE` on the same link names the element of the template that labels the dialog.
 */
export const DIALOG_TEMPLATE = "data-dialog-template";
export const DIALOG_TITLE = "data-dialog-title";

/**
 * On a password input: a "Show/Hide" button is added after it (the word after Show/Hide is the
 * attribute's value, e.g. "password").
 */
export const PASSWORD_REVEAL = "data-password-reveal";

/** The Show/Hide button's classes, whether React or the plain script adds it. */
export const PASSWORD_REVEAL_BUTTON_CLASS = "nhsuk-button nhsuk-button--secondary nhsuk-button--small nhsuk-u-margin-top-2 nhsuk-u-margin-bottom-0";

/**
 * On an element with an id: its content is fetched again from the page's own URL every this
 * many milliseconds while the page is visible and no dialog is open (the slot list, spec 2 §9).
 */
export const REFRESH_EVERY = "data-refresh-every";

/**
 * On an input: spaces are refused as typed and taken out of pasted text (a phone number, spec 2
 * §5). The server strips them as well; this only spares the patient an error.
 */
export const NO_SPACES = "data-no-spaces";

/**
 * On text shown only while a conditional reveal does not work (e.g. "(if you choose text
 * message)" after a field that always shows without JS): removed once it does.
 */
export const WITHOUT_REVEAL = "data-without-reveal";

/**
 * On the footer's suggestion form in its dialog template (components/SuggestionLink.tsx): the
 * plain script sends it with fetch and shows the result in the dialog (spec 1 §4). Its messages
 * are the form's `data-empty-text`, `data-sent-text` and `data-failed-text`.
 */
export const SUGGESTION_FORM = "data-suggestion-form";

/**
 * Hides what the plain scripts show later (NHS.UK's display-none utility): server-rendered markup
 * may not say `hidden=""`, which the HTML checks refuse as an attribute with an empty value.
 */
export const HIDDEN_CLASS = "nhsuk-u-display-none";

/** How long the suggestion dialog's result stays before it resets, clears and closes (spec 1 §9). */
export const SUGGESTION_RESET_AFTER_MS = 4000;

/** Where the suggestion dialog posts: the route's data URL (Remix's `_data`), which answers with JSON. */
export const SUGGESTION_DATA_URL = "/suggestion?_data=routes%2Fsuggestion";
