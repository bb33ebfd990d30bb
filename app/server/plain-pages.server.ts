/**
 * Pages sent before Remix runs (a body refused for its size or its missing proof): plain HTML
 * with the NHS.UK stylesheet and the same words as the app's own error pages, no script.
 */
import { staticHref, type StaticManifest } from "~/components/static-assets";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function errorPageHtml(title: string, body: string, productName: string, manifest: StaticManifest): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} – ${escape(productName)}</title><link rel="stylesheet" href="${staticHref(manifest, "/css/main.css")}"></head><body><div class="nhsuk-width-container"><main class="nhsuk-main-wrapper" id="maincontent"><h1>${escape(title)}</h1><p>${escape(body)}</p><p><a href="/">Go to the ${escape(productName)} home page</a></p></main></div></body></html>`;
}
