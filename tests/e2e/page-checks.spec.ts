/**
 * Guards the guard: the fixtures' axe and html-validate checks must catch a bad page, or
 * every other journey would pass whatever the markup. The snapshot checker shows each served
 * document in turn in one reused page: it must render them with the app's stylesheet and
 * leave nothing of one snapshot in the next.
 */
import { checkPage, expect, test } from "../support/e2e-fixtures";

const BAD_PAGE = `<!DOCTYPE html>
<html lang="en">
  <head><meta charset="utf-8"><title>Bad page – Frontdoor</title><link rel="stylesheet" href="/css/main.css"></head>
  <body>
    <main id="maincontent">
      <h1>Bad page</h1>
      <img src="/assets/images/missing.png">
      <p id="twice">One</p>
      <p id="twice">Two</p>
    </main>
  </body>
</html>`;

test("the page checks catch inaccessible and invalid markup", async ({ page }) => {
  await page.route("**/e2e-bad-page", (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: BAD_PAGE }),
  );
  await page.goto("/e2e-bad-page");
  const error = await checkPage(page).then(
    () => null,
    (e: Error) => e,
  );
  expect(error?.message).toMatch(/axe image-alt \(critical\) on \/e2e-bad-page/);
  expect(error?.message).toMatch(/html-validate no-dup-id on \/e2e-bad-page/);
});

/** The home page as served, with `extra` put at the start of its <main>. */
async function homePageWith(request: { get: (url: string) => Promise<{ text: () => Promise<string> }> }, extra = "") {
  const html = await (await request.get("/")).text();
  expect(html).toContain('<main class="nhsuk-main-wrapper');
  return html.replace(/(<main [^>]*>)/, `$1${extra}`);
}

/** The rule ids of axe findings ("axe image-alt (critical) on / …" gives "image-alt"). */
function axeRules(findings: string[]): string[] {
  return findings.map((finding) => /^axe (\S+)/.exec(finding)?.[1] ?? finding).sort();
}

test("the snapshot checker finds a missing alt text, and nothing on the page without it", { tag: "@smoke" }, async ({
  request,
  snapshots,
  baseURL,
}) => {
  const url = `${baseURL}/`;
  const clean = await homePageWith(request);
  const missingAlt = await homePageWith(request, '<img src="/assets/no-such-image.png">');

  expect(await snapshots.check(url, clean)).toEqual([]);
  expect(axeRules(await snapshots.check(url, missingAlt))).toEqual(["image-alt"]);
  // The next snapshot starts afresh: nothing of the one before is left in the page.
  expect(await snapshots.check(url, clean)).toEqual([]);
});

test("the snapshot checker renders with the app's stylesheet: white header link text on the page's white fails contrast", async ({
  request,
  snapshots,
  baseURL,
}) => {
  // The header's navigation link is white (for the blue header): only the stylesheet makes
  // it so, so the contrast failure shows the stylesheet was loaded before axe ran.
  const whiteOnWhite = await homePageWith(request, '<p><a class="nhsuk-header__navigation-link" href="/">Out of its header</a></p>');
  const findings = await snapshots.check(`${baseURL}/help`, whiteOnWhite);
  expect(axeRules(findings)).toEqual(["color-contrast"]);
  expect(findings[0]).toContain("on /help (as served)");
});
