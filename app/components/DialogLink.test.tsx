/**
 * Dialog links and password reveals as a page that is not hydrated sends them (decision 0160):
 * plain markup marked for app/client/page-comforts.ts, the dialog's content an inert <template>
 * beside its link, and that script linked with the CSP nonce. On a hydrated page the password
 * reveal stays React's.
 */
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { renderAsServer } from "../../tests/support/render-as-server";
import { usePasswordReveal } from "~/components/accounts/PasswordReveal";
import { UnlinkConfirmation } from "./online-services/Confirmations";
import { DialogLink } from "./DialogLink";

const SCRIPT = "/build/_client/page-comforts-ABCDEF12.js";

const render = (element: ReactNode, { hydrate }: { hydrate: boolean }) =>
  renderAsServer(element, { rootData: { pageComfortsScript: SCRIPT }, handle: hydrate ? {} : { hydrate: false } });

function Password() {
  const reveal = usePasswordReveal("password");
  return (
    <>
      <input id="password" type={reveal.type} {...reveal.attributes} />
      {reveal.button}
    </>
  );
}

describe("DialogLink", () => {
  it("renders the plain link, its content in a template, and the script that opens it", async () => {
    const html = await render(
      <DialogLink id="unlink-dialog" href="/demo/online-services/unlink" className="nhsuk-button" labelledBy="unlink-title" dialog={<UnlinkConfirmation practiceCode="demo" inDialog />}>
        Unlink account
      </DialogLink>,
      { hydrate: false },
    );
    expect(html).toContain('<a href="/demo/online-services/unlink" class="nhsuk-button" data-dialog-template="unlink-dialog" data-dialog-title="unlink-title">Unlink account</a>');
    const template = /<template id="unlink-dialog">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? "";
    // In the dialog: an h2 (the page keeps its h1), the same form as the page of its own, and
    // "No" a button that closes the dialog rather than a link away.
    expect(template).toContain('<h2 id="unlink-title">Unlink your online services account</h2>');
    expect(template).toMatch(/<form method="post" action="\/demo\/online-services\/unlink"/);
    expect(template).toContain('name="csrf" value="t"');
    expect(template).toContain('name="idempotency_key" value="k"');
    expect(template).toContain('<button type="button" class="nhsuk-button nhsuk-button--secondary" data-dialog-close="">No, keep it linked</button>');
    expect(html).toContain(`<script src="${SCRIPT}" nonce="n0nce" defer=""></script>`);
  });

  it("as a page of its own, the confirmation has an h1 and links back", async () => {
    const html = await render(<UnlinkConfirmation practiceCode="demo" />, { hydrate: false });
    expect(html).toContain('<h1 id="unlink-title">');
    expect(html).toContain('<a href="/demo/online-services" class="nhsuk-button nhsuk-button--secondary">No, keep it linked</a>');
    expect(html).not.toContain("data-dialog-close");
  });
});

describe("usePasswordReveal", () => {
  it("on a page that is not hydrated, marks the field for the plain script and links it", async () => {
    const html = await render(<Password />, { hydrate: false });
    expect(html).toContain('<input id="password" type="password" data-password-reveal="password"/>');
    expect(html).toContain(`<script src="${SCRIPT}" nonce="n0nce" defer=""></script>`);
    expect(html).not.toContain("<button");
  });

  it("on a hydrated page, leaves the button to React (none in the server's HTML) and links no script", async () => {
    const html = await render(<Password />, { hydrate: true });
    expect(html).toBe('<input id="password" type="password"/>');
  });
});
