/**
 * The shell (spec 1): what every visitor meets before signing in. Each journey runs with
 * JavaScript off and on (the js-off and js-on projects); every page it passes through is
 * checked with axe and html-validate by the fixtures.
 */
import { readdirSync, readFileSync } from "node:fs";
import { copy } from "../../app/copy";
import { EXTRA_DISABLED_FEATURES, playwrightDisabledFeatures } from "../support/chromium-args";
import { E2E_MAINTENANCE_BANNER } from "../support/e2e-constants";
import { expect, signInAs, test, validateHtml } from "../support/e2e-fixtures";

const PRODUCT = "Frontdoor";
const DAY_SECONDS = 24 * 60 * 60;
const IE9 = "Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)";

/** Days from now until a cookie expires. */
function daysLeft(cookie: { expires: number } | undefined): number {
  return cookie ? (cookie.expires - Date.now() / 1000) / DAY_SECONDS : Number.NaN;
}

test("home page: skip link first, header, footer and title", { tag: "@smoke" }, async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(`Contact your GP practice online – ${PRODUCT}`);

  await page.keyboard.press("Tab");
  const skipLink = page.getByRole("link", { name: "Skip to main content" });
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toHaveAttribute("href", "#maincontent");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#maincontent$/);
  await expect(page.getByRole("main")).toHaveAttribute("id", "maincontent");
  // Focus moves to main (tabindex -1), so the next Tab goes on from the content, not the header.
  await expect(page.getByRole("main")).toBeFocused();

  await expect(page.getByRole("banner").getByText(PRODUCT, { exact: true })).toBeVisible();
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/data-privacy");
  await expect(footer).toContainText("0330 343 5000");
  // The code is MIT (LICENSE); the content is Crown-style open content.
  await expect(footer.getByRole("link", { name: "Open Government Licence v3.0" })).toHaveAttribute(
    "href",
    "https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/",
  );
});

test("a browser that runs no module script (IE 10, decision 0125): no error, and forms still work", async ({ browser, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "a browser with JS on that cannot run the bundle");
  // A context of its own: the fixtures' page waits for hydration, which never comes here.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // A script error, or anything of ours that failed to load (the tracking script the consent
  // allows is elsewhere, and the test's network stops at the app, as the fixtures' does).
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
  });
  page.on("requestfailed", (request) => {
    if (new URL(request.url()).origin === new URL(baseURL!).origin) errors.push(`${request.url()}: ${request.failure()?.errorText}`);
  });
  let served = 0;
  await page.route("**/*", async (route, request) => {
    const url = new URL(request.url());
    if (url.origin !== new URL(baseURL!).origin) return route.abort();
    // The module bundle is not fetched; the plain classic scripts are (a browser of this grade
    // loads them, and their own check stops them: client-bundle.spec.ts).
    if (url.pathname.startsWith("/build/") && !url.pathname.startsWith("/build/_client/")) return route.abort();
    if (!request.isNavigationRequest()) return route.fallback();
    // What a browser without ES modules does: skip `type="module"` scripts and module preloads.
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/<script[^>]*type="module"[^>]*>[\s\S]*?<\/script>/g, "")
      .replace(/<link[^>]*rel="modulepreload"[^>]*>/g, "");
    served++;
    return route.fulfill({ response, body: html });
  });
  try {
    await page.goto("/data-privacy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Data privacy");
    const banner = page.getByRole("region", { name: `Cookies on ${PRODUCT}` });
    await banner.getByRole("button", { name: "I'm OK with additional cookies" }).click();
    await expect(page.getByRole("alert")).toContainText("You've accepted additional cookies.");
    await expect(banner).toHaveCount(0);
    // Nothing of the bundle ran, and the page is the server's.
    expect(await page.evaluate(() => "__remixRouteModules" in window)).toBe(false);
    expect(served).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test.describe("cookie banner", () => {
  const bannerOf = (page: import("@playwright/test").Page) => page.getByRole("region", { name: `Cookies on ${PRODUCT}` });

  test("accepting additional cookies hides the banner for a year", async ({ page, context }) => {
    await page.goto("/data-privacy");
    const banner = bannerOf(page);
    await expect(banner).toBeVisible();

    await banner.getByRole("button", { name: "I'm OK with additional cookies" }).click();
    await expect(page).toHaveURL(/\/data-privacy$/);
    await expect(page.getByRole("alert")).toContainText("You've accepted additional cookies.");
    await expect(banner).toHaveCount(0);

    const cookie = (await context.cookies()).find((c) => c.name === "additional_cookies");
    expect(cookie?.value).toBe("allow");
    expect(daysLeft(cookie)).toBeGreaterThan(364.9);
    expect(daysLeft(cookie)).toBeLessThan(365.1);

    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Data privacy");
    await expect(banner).toHaveCount(0);
  });

  test("rejecting additional cookies, then changing it on the cookies page", async ({ page, context }) => {
    await page.goto("/");
    const banner = bannerOf(page);
    await banner.getByRole("button", { name: "Do not use additional cookies" }).click();
    await expect(page.getByRole("alert")).toContainText("You've rejected additional cookies.");
    await expect(banner).toHaveCount(0);
    let cookie = (await context.cookies()).find((c) => c.name === "additional_cookies");
    expect(cookie?.value).toBe("deny");
    expect(daysLeft(cookie)).toBeGreaterThan(364.9);

    await page.getByRole("contentinfo").getByRole("link", { name: "Cookies" }).click();
    await expect(page).toHaveTitle(`Cookies – ${PRODUCT}`);
    const allow = page.getByRole("radio", { name: "Use cookies that measure my use of the service", exact: true });
    await expect(page.getByRole("radio", { name: "Do not use cookies that measure my use of the service" })).toBeChecked();
    await allow.check();
    await page.getByRole("button", { name: "Save my cookie settings" }).click();
    await expect(page.getByRole("alert")).toContainText("You've accepted additional cookies.");
    await expect(allow).toBeChecked();
    cookie = (await context.cookies()).find((c) => c.name === "additional_cookies");
    expect(cookie?.value).toBe("allow");
  });
});

test.describe("error pages", () => {
  for (const path of ["/this/does/not/exist", "/page-not-found"]) {
    test(`${path} is page not found with HTTP 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      await expect(page).toHaveTitle(`Page not found – ${PRODUCT}`);
      await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
    });
  }

  for (const path of ["/permission-denied?error_code=no_staff_role", "/demo/permission-denied?error_code=no_staff_role"]) {
    test(`${path} explains the refusal with HTTP 403`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("You do not have permission to view this page");
      await expect(page.getByRole("main")).toContainText(copy.permissionDenied.no_staff_role);
    });
  }
});

test("data privacy page", async ({ page }) => {
  await page.goto("/data-privacy");
  await expect(page).toHaveTitle(`Data privacy – ${PRODUCT}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Data privacy");
});

test("practice landing page shows the practice and its opening hours", async ({ page }) => {
  await page.goto("/practice/demo");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Riverside Medical Centre");
  await expect(page).toHaveTitle(`Riverside Medical Centre – ${PRODUCT}`);
  const hours = page.getByRole("table", { name: /Opening hours/ });
  await expect(hours.getByRole("row", { name: /Monday/ })).toContainText("08:00 to 18:30");
  await expect(hours.getByRole("row", { name: /Saturday/ })).toContainText("Closed");
});

test("suggestion: an empty suggestion is refused, a real one is sent", async ({ page, javaScriptEnabled }) => {
  await page.goto("/suggestion");
  const main = page.getByRole("main");
  const send = main.getByRole("button", { name: "Send suggestion" });

  // The server refuses it with 400; with JS the client refuses it first and sends nothing.
  const posts: number[] = [];
  page.on("response", (r) => {
    if (r.request().method() === "POST" && new URL(r.url()).pathname === "/suggestion") posts.push(r.status());
  });
  if (javaScriptEnabled === false) {
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), send.click()]);
    expect(response.status()).toBe(400);
  } else {
    await send.click();
  }

  const summary = main.locator(".nhsuk-error-summary");
  await expect(summary.getByRole("heading", { name: "There is a problem" })).toBeVisible();
  // Keyboard and screen-reader users land on the summary: without JS through `autofocus` on the
  // page the server sent back, with JS through ErrorSummary's effect after the client's check.
  await expect(summary).toBeFocused();
  const link = summary.getByRole("link", { name: copy.suggestion.empty });
  await expect(link).toBeVisible();
  const target = (await link.getAttribute("href")) ?? "";
  expect(target).toMatch(/^#./);
  const field = main.getByRole("textbox", { name: "Suggest an improvement" });
  await expect(field).toHaveAttribute("id", target.slice(1));
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(main.locator(".nhsuk-error-message")).toContainText(copy.suggestion.empty);
  await expect(page).toHaveTitle(`Error: Suggest an improvement – ${PRODUCT}`);
  expect(posts.every((status) => status === 400)).toBe(true);

  await field.fill("A bigger font on the opening hours, please.");
  await send.click();
  await expect(page.getByRole("alert")).toContainText(
    `Your suggestion has been submitted. Thanks for helping to improve ${PRODUCT}!`,
  );
  await expect(page).toHaveTitle(`Suggest an improvement – ${PRODUCT}`);
  await expect(main.locator(".nhsuk-error-summary")).toHaveCount(0);
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
});

test("the footer's Suggest an improvement opens the form as a dialog with JS, and its page without", async ({ page, javaScriptEnabled }) => {
  // A page that is not hydrated (decision 0145): the dialog is the plain page-comforts script's.
  await page.goto("/data-privacy");
  const link = page.getByRole("contentinfo").getByRole("link", { name: "Suggest an improvement" });
  await link.click();
  if (javaScriptEnabled === false) {
    await expect(page).toHaveURL(/\/suggestion$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Suggest an improvement");
    return;
  }
  const posts: number[] = [];
  page.on("response", (r) => {
    if (r.request().method() === "POST" && new URL(r.url()).pathname === "/suggestion") posts.push(r.status());
  });
  const dialog = page.getByRole("dialog", { name: "Suggest an improvement" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/data-privacy$/);
  const field = dialog.getByRole("textbox", { name: "Suggest an improvement" });
  const send = dialog.getByRole("button", { name: "Send suggestion" });

  // Nothing is sent when it is empty (spec 1 §5); the message is tied to the field.
  await send.click();
  await expect(dialog.locator(".nhsuk-error-message")).toContainText(copy.suggestion.empty);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toBeFocused();
  expect(posts).toEqual([]);

  await field.fill("Larger buttons on the home page, please.");
  await send.click();
  await expect(dialog.getByRole("status")).toContainText(copy.suggestion.succeeded(PRODUCT));
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([200]);
  // After 4 s it resets and closes; focus goes back to the link, and the form opens empty again.
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  await expect(link).toBeFocused();
  await link.click();
  await expect(dialog.getByRole("textbox", { name: "Suggest an improvement" })).toHaveValue("");
  await expect(dialog.getByRole("status")).toHaveText("");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test.describe("an outdated browser (IE9)", () => {
  test.use({ userAgent: IE9 });

  test("is told so, except on the home page", async ({ page }) => {
    await page.goto("/data-privacy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Outdated browser detected");
    await expect(page).toHaveTitle(`Outdated browser – ${PRODUCT}`);

    await page.goto("/");
    await expect(page).toHaveTitle(`Contact your GP practice online – ${PRODUCT}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact your GP practice online");
  });
});

test("CSRF: a post without the form's token is refused with 403", { tag: "@smoke" }, async ({ page }) => {
  await page.goto("/suggestion");
  // page.request shares the page's cookies, so only the token is missing or wrong.
  const missing = await page.request.post("/suggestion", { form: { comment: "No token", returnTo: "/suggestion" } });
  expect(missing.status()).toBe(403);
  const wrong = await page.request.post("/suggestion", {
    form: { csrf: "not-the-token", comment: "Wrong token", returnTo: "/suggestion" },
  });
  expect(wrong.status()).toBe(403);
  const refusal = await wrong.text();
  expect(refusal).toContain("Your form could not be sent");
  expect(await validateHtml(refusal, wrong.url())).toEqual([]);

  // A browser whose token went stale sees the same refusal as a page.
  const main = page.getByRole("main");
  await main.locator('input[name="csrf"]').evaluate((input: HTMLInputElement) => {
    input.value = "stale";
  });
  await main.getByRole("textbox", { name: "Suggest an improvement" }).fill("With a stale token");
  const [refused] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    main.getByRole("button", { name: "Send suggestion" }).click(),
  ]);
  expect(refused.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your form could not be sent");

  // The same form, as served, goes through.
  await page.goto("/suggestion");
  await main.getByRole("textbox", { name: "Suggest an improvement" }).fill("With the right token");
  await main.getByRole("button", { name: "Send suggestion" }).click();
  await expect(page.getByRole("alert")).toContainText(copy.suggestion.succeeded(PRODUCT));
});

test("maintenance banner: dismissed for this visitor only", async ({ page, context, openPage }) => {
  await page.goto("/data-privacy");
  const bannerOf = (p: import("@playwright/test").Page) => p.getByRole("region").filter({ hasText: E2E_MAINTENANCE_BANNER });
  const banner = bannerOf(page);
  await expect(banner).toBeVisible();

  await banner.getByRole("button", { name: "Dismiss this message" }).click();
  await expect(page).toHaveURL(/\/data-privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Data privacy");
  await expect(page.getByText(E2E_MAINTENANCE_BANNER)).toHaveCount(0);
  const dismissal = (await context.cookies()).find((c) => c.name === "fd_banner_dismissed");
  expect(daysLeft(dismissal)).toBeGreaterThan(29.9);
  expect(daysLeft(dismissal)).toBeLessThan(30.1);

  await page.getByRole("contentinfo").getByRole("link", { name: "Cookies" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cookies");
  await expect(page.getByText(E2E_MAINTENANCE_BANNER)).toHaveCount(0);

  const someoneElse = await openPage();
  await someoneElse.goto("/data-privacy");
  await expect(bannerOf(someoneElse)).toBeVisible();
});

/**
 * Not a page of the app: the browser the journeys run in (decision 0149). Its one
 * --disable-features switch carries Playwright's features and ours (Chromium reads only the
 * last such switch), and a new context opens no omnibox WebUI page, whose renderer process cost
 * each journey about 0.45 s of CPU. Fails when Chromium renames the feature.
 */
test("the journeys' browser: Playwright's disabled features kept, no omnibox WebUI per context", async ({ browser, page }) => {
  // The worker launched this browser: its child process without a --type= is the browser
  // (CDP's Browser.getBrowserCommandLine answers only under --enable-automation).
  const browserArgs = readdirSync("/proc")
    .filter((pid) => /^\d+$/.test(pid))
    .flatMap((pid) => {
      try {
        const parent = readFileSync(`/proc/${pid}/stat`, "utf8").split(")").pop()!.trim().split(/\s+/)[1];
        const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
        return Number(parent) === process.pid && !args.some((arg) => arg.startsWith("--type=")) ? [args] : [];
      } catch {
        return []; // gone since the listing
      }
    });
  expect(browserArgs).toHaveLength(1);
  const switches = browserArgs[0].filter((arg) => arg.startsWith("--disable-features="));
  const disabled = (switches.at(-1) ?? "").slice("--disable-features=".length).split(",");
  for (const feature of [...playwrightDisabledFeatures(), ...EXTRA_DISABLED_FEATURES]) expect(disabled).toContain(feature);

  await page.goto("/");
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = (await cdp.send("Target.getTargets")) as { targetInfos: { type: string; url: string }[] };
  expect(targetInfos.filter((target) => target.url.startsWith("chrome://")).map((target) => target.url)).toEqual([]);
  expect(targetInfos.some((target) => target.type === "page")).toBe(true);
  await cdp.detach();
});

/**
 * Static files by content-addressed names (issue "speed", decision 0147): the sheets and icons a
 * page links are hashed and kept for a year, also on an error page without the root's data and
 * after a navigation in the browser (entry.client reads the names back from the page); old
 * addresses redirect to today's files; a signed-in page is never stored.
 */
test("stylesheets and icons by hashed names, kept for a year; a signed-in page is not stored (decision 0147)", async ({ page, request }) => {
  const IMMUTABLE = "public, max-age=31536000, immutable";
  const headLinks = () =>
    page.locator('head link[rel="stylesheet"], head link[rel~="icon"], head link[rel="apple-touch-icon"]').evaluateAll((links) => links.map((l) => l.getAttribute("href") ?? ""));
  const notFound = await page.goto("/this/does/not/exist");
  expect(notFound?.status()).toBe(404);
  const onErrorPage = await headLinks();
  await page.goto("/");
  const hrefs = await headLinks();
  expect(onErrorPage).toEqual(hrefs);
  expect(hrefs[0]).toMatch(/^\/css\/main\.[0-9a-f]{10}\.css$/);
  expect(hrefs[1]).toMatch(/^\/css\/print\.[0-9a-f]{10}\.css$/);
  for (const href of hrefs.slice(2)) expect(href).toMatch(/^\/assets\/[0-9a-f]{10}\/images\/(favicon\.(ico|svg)|nhsuk-icon-180\.png)$/);
  for (const href of hrefs) {
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
    expect(response.headers()["cache-control"], href).toBe(IMMUTABLE);
  }
  // The sheet is applied: NHS.UK's header colour.
  await expect(page.locator("header.nhsuk-header")).toHaveCSS("background-color", "rgb(0, 94, 184)");
  // A navigation (in the browser with JS on) keeps the same names.
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
  await expect(page).toHaveURL(/\/data-privacy$/);
  expect(await headLinks()).toEqual(hrefs);

  for (const [old, today] of [
    ["/css/main.css", hrefs[0]],
    ["/favicon.ico", hrefs[2]],
  ]) {
    const response = await request.get(old, { maxRedirects: 0 });
    expect(response.status(), old).toBe(302);
    expect(response.headers().location, old).toBe(today);
  }

  await signInAs(page, "demo.reception@nhs.net", "/");
  const signedIn = await page.goto("/demo/inbox");
  expect(signedIn?.headers()["cache-control"]).toBe("private, no-store");
  const [staffSheet] = await headLinks();
  expect(staffSheet).toMatch(/^\/css\/staff\.[0-9a-f]{10}\.css$/);
  expect((await request.get(staffSheet)).headers()["cache-control"]).toBe(IMMUTABLE);
});

/**
 * A page goes out in one write with its length (decision 0156): the Remix build's entry.server
 * keeps the document's text on its Response and the server's handler, another bundle, finds it.
 * Were the two to stop meeting, the page would go out chunked through a stream, as before.
 */
test("a page is written in one piece, with its length", async ({ request }) => {
  for (const path of ["/", "/this/does/not/exist"]) {
    const response = await request.get(path, { headers: { "Accept-Encoding": "identity" } });
    const body = await response.body();
    expect(response.headers()["transfer-encoding"], path).toBeUndefined();
    expect(response.headers()["content-length"], path).toBe(String(body.length));
    expect(body.toString("utf8"), path).toMatch(/^<!DOCTYPE html><html[^>]*>[\s\S]*<\/html>$/);
  }
});
