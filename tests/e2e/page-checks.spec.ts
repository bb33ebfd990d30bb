/**
 * Guards the guard: the fixtures' axe and html-validate checks must catch a bad page, or
 * every other journey would pass whatever the markup.
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
