/**
 * The footer's "Suggest an improvement" (spec 1 §4, decision 0163) as the server sends it: on a
 * page that is not hydrated, the link with the form in a template for the plain page-comforts
 * script (its messages on the form, no `mode=dialog` until the script sends it, the data URL the
 * script posts to naming a real route); on a hydrated page, the link alone (React adds the dialog).
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { renderAsServer } from "../../tests/support/render-as-server";
import { areaRoutes } from "../route-table.mjs";
import { SUGGESTION_DATA_URL } from "~/client/dialog-settings";
import { copy } from "~/copy";
import { SuggestionLink } from "./SuggestionLink";

const SCRIPT = "/build/_client/page-comforts-ABCDEF12.js";
const render = (hydrate: boolean) =>
  renderAsServer(<SuggestionLink productName="Frontdoor" />, { rootData: { pageComfortsScript: SCRIPT }, handle: hydrate ? {} : { hydrate: false } });

describe("SuggestionLink", () => {
  it("on a page that is not hydrated: the link, the form in a template, and the script", async () => {
    const html = await render(false);
    expect(html).toContain('<a href="/suggestion" class="nhsuk-footer__list-item-link" data-dialog-template="suggestion-dialog" data-dialog-title="suggestion-dialog-title">Suggest an improvement</a>');
    const template = /<template id="suggestion-dialog">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? "";
    expect(template).toMatch(/<form method="post" action="\/suggestion" novalidate="" data-suggestion-form=""/);
    expect(template).toContain(`data-empty-text="${copy.suggestion.empty}"`);
    expect(template).toContain(`data-failed-text="${copy.suggestion.failed}"`);
    expect(template).toContain('name="csrf" value="t"');
    expect(template).toContain('<label class="nhsuk-label nhsuk-label--m" for="suggestion-dialog-comment" id="suggestion-dialog-title">Suggest an improvement</label>');
    // The error message is there, hidden, for the script to fill; the field is not yet invalid.
    expect(template).toContain('<span class="nhsuk-error-message nhsuk-u-display-none" id="suggestion-dialog-error">');
    expect(template).not.toContain("hidden=");
    expect(template).not.toContain("aria-invalid");
    expect(template).not.toContain('name="mode"');
    expect(template).toContain('<button type="button" class="nhsuk-button nhsuk-button--secondary" data-dialog-close="">Close</button>');
    expect(html).toContain(`<script src="${SCRIPT}" nonce="n0nce" defer=""></script>`);
  });

  it("on a hydrated page: the link alone until React adds its dialog", async () => {
    const html = await render(true);
    expect(html).toBe('<a class="nhsuk-footer__list-item-link" href="/suggestion">Suggest an improvement</a>');
  });

  it("posts to the suggestion route's data URL", () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const ids = Object.keys(areaRoutes(join(root, "app")) as Record<string, unknown>);
    const routeId = new URL(SUGGESTION_DATA_URL, "http://x").searchParams.get("_data");
    expect(new URL(SUGGESTION_DATA_URL, "http://x").pathname).toBe("/suggestion");
    expect(ids).toContain(routeId);
  });
});
