/**
 * The request steps' dialogs as the server sends them (decision 0145): inert <template>s with
 * the same forms (CSRF token, idempotency key) as the plain cancel page, the cancel link marked
 * for the plain script, and the script linked with the elapsed time the server counted.
 */
import { describe, expect, it } from "vitest";
import { REQUEST_DIALOGS } from "~/client/request-dialogs-settings";
import { renderAsServer } from "../../../tests/support/render-as-server";
import { CancelRequest, RequestTimer } from "./RequestTimer";

const render = (element: JSX.Element, script: string | null) => renderAsServer(element, { rootData: { requestDialogsScript: script } });

const timer = (
  <RequestTimer practiceCode="demo" practiceName="Riverside" entryId={7} startedAt="2026-11-27T10:00:00.000Z" serverNow="2026-11-27T10:20:00.000Z" />
);

describe("request dialogs", () => {
  it("renders the cancel confirmation in a template, the link going to the plain page", async () => {
    const html = await render(<CancelRequest practiceCode="demo" entryId={7} />, "/build/_client/request-dialogs-ABCDEF12.js");
    expect(html).toContain('<a class="nhsuk-link" href="/demo/questions/7/cancel" data-request-dialog="cancel">Cancel and start new request</a>');
    const template = new RegExp(`<template id="${REQUEST_DIALOGS.cancel.template}">([\\s\\S]*?)</template>`).exec(html)?.[1] ?? "";
    expect(template).toContain(`id="${REQUEST_DIALOGS.cancel.title}"`);
    expect(template).toMatch(/<form method="post" action="\/demo\/questions\/7\/cancel"/);
    expect(template).toContain('name="csrf" value="t"');
    expect(template).toContain('name="idempotency_key" value="k"');
    expect(template).toMatch(/<button class="nhsuk-button nhsuk-button--secondary" type="button" data-dialog-close="">No, go back to my request<\/button>/);
  });

  it("renders the warning and the timeout notice, and links the script with the elapsed time", async () => {
    const html = await render(timer, "/build/_client/request-dialogs-ABCDEF12.js");
    for (const dialog of [REQUEST_DIALOGS.warning, REQUEST_DIALOGS.timeout]) {
      expect(html).toMatch(new RegExp(`<template id="${dialog.template}"><h2 class="nhsuk-heading-m" id="${dialog.title}">`));
      expect(html).toContain(`id="${dialog.text}"`);
    }
    expect(html).toContain("not sent to Riverside.");
    expect(html).toContain('<script src="/build/_client/request-dialogs-ABCDEF12.js" nonce="n0nce" defer="" data-elapsed-ms="1200000"></script>');
  });

  it("links no script without a build", async () => {
    expect(await render(timer, null)).not.toContain("<script");
  });
});
