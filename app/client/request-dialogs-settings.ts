/**
 * The names shared by the request steps' server-rendered dialog templates
 * (components/requests/RequestTimer.tsx) and the plain script that opens them
 * (request-dialogs.ts, decision 0145).
 */

/** Each dialog: the id of its <template>, and of its title and text inside it. */
export const REQUEST_DIALOGS = {
  cancel: { template: "cancel-request-dialog", title: "cancel-request-title", text: "cancel-request-text" },
  warning: { template: "request-warning-dialog", title: "request-warning-title", text: "request-warning-text" },
  timeout: { template: "request-timeout-dialog", title: "request-timeout-title", text: "request-timeout-text" },
} as const;

/** On a link: the dialog it opens instead of its page (`data-request-dialog="cancel"`). */
export const REQUEST_DIALOG_OPEN = "data-request-dialog";
