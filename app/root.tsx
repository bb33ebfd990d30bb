import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { isNhsAppUserAgent } from "~/domain/nhs-login/rules";
import { NHS_APP_COOKIE, nhsAppCookie } from "~/web/nhs-login/nhs-app.server";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { Footer } from "~/components/Footer";
import { Header } from "~/components/Header";
import { IdleTimerScript } from "~/components/IdleTimerScript";
import { usePageHydrates } from "~/components/hydration";
import { copy } from "~/copy";
import { clientScriptUrl } from "~/web/shell/client-scripts.server";
import { NhsAppIntegration } from "~/components/nhs-app/NhsAppIntegration";
import { CookieBanner, FlashBanner, GlobalNoticeView, MaintenanceBannerView, NhsAppBars } from "~/components/Banners";
import { BadInput, FormNotVerified, NotFound, ServerErrorPage, ServiceUnavailable, TooLarge, UnsupportedBrowser } from "~/components/ErrorPages";
import type { LayerErrorData } from "~/server/route-layer.server";
import { useDocumentTitle } from "~/components/title";
import { useNonce } from "~/components/nonce";
import { ZOD_JITLESS_SCRIPT } from "~/components/zod-jitless";
import { csrfTokenFor } from "~/domain/security/csrf.server";
import { isSecureRequest, parseCookies } from "~/web/cookies";
import { clearFlashCookie, readFlash } from "~/web/flash.server";
import { assessBrowser } from "~/domain/shell/browser-support.server";
import { BANNER_COOKIE, getActiveBanner, isBannerDismissed } from "~/domain/shell/maintenance-banner.server";
import { CONSENT_COOKIE, readConsent, trackingAllowed } from "~/domain/shell/cookie-consent";
import { publicNavigation } from "~/domain/shell/navigation";
import { DEFAULT_SHELL_SETTINGS, footerLinks, getShellSettings } from "~/domain/shell/settings.server";
import { isDatabaseUnavailable } from "~/db/errors.server";
import { randomUUID } from "node:crypto";
import { availablePaths } from "~/domain/shell/available-paths";
import { getViewer, getViewerStateAndPractice } from "~/web/auth/viewer.server";
import { cachedForShell } from "~/domain/shell/shell-cache.server";
import { navigationFor } from "~/web/shell/shell-nav.server";
import { idleTimerFor } from "~/domain/sessions/idle-timer.server";
import { DISMISSED_NOTICES_COOKIE, noticeText, parseDismissedCookie } from "~/domain/admin/notices";
import { noticeFor } from "~/domain/admin/notices.server";
import { MaintenancePage } from "~/components/admin/MaintenancePage";
import { stylesheetFor, type Stylesheet } from "~/domain/shell/stylesheet";
import { staticHref, useStaticHref } from "~/components/static-assets";

/**
 * The shell follows the practice in the URL (a GP of two practices sees the one they are in),
 * so it loads again when the first path segment changes, as well as after every action.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname.split("/")[1] !== nextUrl.pathname.split("/")[1];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, config } = context;
  const url = new URL(request.url);
  const cookies = parseCookies(request.headers.get("Cookie"));
  const userAgent = request.headers.get("User-Agent");
  // The home page stays reachable from any browser so people can read what to do.
  const browser = url.pathname === "/" ? null : assessBrowser(userAgent);
  // While the database is away the shell still renders (signed out, no banner), so the page
  // below can say what happened: a 503 with the person's typed answers, not a bare error.
  let databaseAvailable = true;
  const [banner, settings, viewer] = await Promise.all([
    cachedForShell(db, "banner", () => getActiveBanner(db)),
    cachedForShell(db, "settings", () => getShellSettings(db)),
    // With the practice the URL names, if it names one: one query, which the page's guards
    // and layouts then find in the request memo (web/auth/viewer.server.ts). An $entryId in a
    // path is always a patient's request (the steps of a draft): read in the same query.
    params.practiceCode
      ? getViewerStateAndPractice(request, context, params.practiceCode, params.entryId).then(([state]) => state.viewer)
      : getViewer(request, context),
  ]).catch((error: unknown) => {
    if (!isDatabaseUnavailable(error)) throw error;
    databaseAvailable = false;
    return [null, DEFAULT_SHELL_SETTINGS, null] as const;
  });
  // The latest global notice this reader has not dismissed (decision 0076). There is no
  // language setting yet, so the English text shows; noticeText picks Welsh for "cy".
  const notice = databaseAvailable
    ? await noticeFor(db, context.clock, { userId: viewer?.userId ?? null, cookieIds: parseDismissedCookie(cookies[DISMISSED_NOTICES_COOKIE]) }).catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) throw error;
        return null;
      })
    : null;
  const consent = readConsent(cookies[CONSENT_COOKIE]);
  const flash = readFlash(config.sessionSecret, request);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const csrfToken = csrfTokenFor(config.sessionSecret, context.csrfSecret);
  // Inside the NHS App (its token anywhere in the user agent), remembered for the browser session.
  const nhsApp = isNhsAppUserAgent(userAgent) || cookies[NHS_APP_COOKIE] === "1";
  if (nhsApp && cookies[NHS_APP_COOKIE] !== "1") headers.append("Set-Cookie", nhsAppCookie(isSecureRequest(request)));
  if (flash) headers.append("Set-Cookie", clearFlashCookie(isSecureRequest(request)));
  return json(
    {
      productName: config.productName,
      supportPhone: config.supportPhone,
      csrfToken,
      // A new idempotency key with every page (and after every post): see idempotency.server.ts.
      formKey: randomUUID(),
      databaseAvailable,
      banner: banner && !isBannerDismissed(banner, cookies[BANNER_COOKIE]) ? banner : null,
      notice: notice ? { id: notice.id, ...noticeText(notice, "en") } : null,
      consent,
      trackingScriptUrl: trackingAllowed(consent) ? (config.trackingScriptUrl ?? null) : null,
      browserStatus: browser && browser.status !== "supported" ? browser.status : null,
      nhsApp,
      nav: viewer
        ? await navigationFor(request, context, viewer, url.pathname.split("/")[1] ?? null).catch((error: unknown) => {
            if (!isDatabaseUnavailable(error)) throw error;
            return publicNavigation({ healthHubUrl: settings.healthHubUrl, available: availablePaths });
          })
        : publicNavigation({ healthHubUrl: settings.healthHubUrl, available: availablePaths }),
      footerLinks: footerLinks(settings, {
        signedInPatient: Boolean(viewer && (viewer.patient || viewer.globalRoles.has("carer_user"))),
        staff: Boolean(viewer && viewer.memberships.length > 0),
      }),
      idleTimer: idleTimerSettings(viewer ? idleTimerFor(viewer, context.clock.now()) : null, config.productName, csrfToken),
      // The plain idle-timer script (decision 0145); null without a build (unit tests).
      idleTimerScript: clientScriptUrl("idle-timer"),
      // The request steps' dialogs (components/requests/RequestTimer.tsx), also a plain script.
      requestDialogsScript: clientScriptUrl("request-dialogs"),
      // The other patient pages' dialogs, password reveals and refreshes (components/PageComforts.tsx).
      pageComfortsScript: clientScriptUrl("page-comforts"),
      // Inside the NHS App, on pages that are not hydrated (decision 0155).
      nhsAppScript: nhsApp ? clientScriptUrl("nhs-app") : null,
      // Hashed here, not in Document: the browser knows only the sheets of the page it has.
      stylesheet: staticHref(context.staticAssets ?? {}, stylesheetFor(viewer)),
      flash,
    },
    { headers },
  );
}

export type RootLoaderData = typeof loader;

/** What the idle-timer script is told (app/client/idle-timer-settings.ts); null when no timer applies. */
function idleTimerSettings(timer: ReturnType<typeof idleTimerFor>, productName: string, csrfToken: string) {
  if (!timer) return null;
  return { idleSeconds: timer.idleSeconds, remainingSeconds: timer.remainingSeconds, csrfToken, loggedOutText: copy.idleLogout(productName) };
}

/**
 * Every link to a static file is here, by its hashed name (decision 0147): the screen sheet
 * (main.css or staff.css) the root loader picked for the viewer (domain/shell/stylesheet.ts,
 * decision 0142; main.css where the root's data is missing), and the print sheet and icons.
 */
function Document({ children, title, stylesheet }: { children: ReactNode; title: string; stylesheet?: string }) {
  const nonce = useNonce();
  const href = useStaticHref();
  // A page whose routes say `hydrate: false` ships no module scripts at all (decision 0145).
  const hydrate = usePageHydrates();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta httpEquiv="X-UA-Compatible" content="IE=edge" />
        <title>{title}</title>
        <Meta />
        <link rel="stylesheet" href={stylesheet ?? href("/css/main.css" satisfies Stylesheet)} />
        {/* Print rules apart: not render-blocking (app/styles/build.mjs). */}
        <link rel="stylesheet" href={href("/css/print.css")} media="print" />
        <link rel="icon" href={href("/assets/images/favicon.ico")} sizes="48x48" />
        <link rel="icon" href={href("/assets/images/favicon.svg")} type="image/svg+xml" />
        <link rel="apple-touch-icon" href={href("/assets/images/nhsuk-icon-180.png")} />
        <Links />
        {/* Before any module runs: zod's schemas must not probe `new Function`, which the CSP
            (no 'unsafe-eval') refuses and Chromium reports as an issue on every page (decision 0139). */}
        {hydrate ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS_SCRIPT }} /> : null}
      </head>
      <body>
        {children}
        {hydrate ? <Scripts nonce={nonce} /> : null}
      </body>
    </html>
  );
}

type ShellData = ReturnType<typeof useLoaderData<typeof loader>>;

function Shell({ data, children }: { data: ShellData; children: ReactNode }) {
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  const nonce = useNonce();
  const hydrate = usePageHydrates();
  // Staff work at 1280 or 1366 px on practice PCs: their pages use the full width (decision 0114).
  const staff = data.nav.audience === "staff";
  return (
    <>
      <a className="nhsuk-skip-link" href="#maincontent">
        Skip to main content
      </a>
      {data.nhsApp ? <NhsAppBars productName={data.productName} /> : null}
      {/* The app's back action and page links (decision 0155): React on a hydrated page, else a plain script. */}
      {data.nhsApp && hydrate ? <NhsAppIntegration /> : null}
      {data.nhsApp && !hydrate && data.nhsAppScript ? <script src={data.nhsAppScript} nonce={nonce} defer /> : null}
      {data.consent === "unset" && !data.nhsApp ? <CookieBanner productName={data.productName} returnTo={returnTo} compact={staff} /> : null}
      {data.nhsApp ? null : <Header nav={data.nav} productName={data.productName} currentPath={location.pathname} fluid={staff} />}
      {data.banner ? <MaintenanceBannerView banner={data.banner} returnTo={returnTo} /> : null}
      {data.notice ? <GlobalNoticeView key={data.notice.id} notice={data.notice} returnTo={returnTo} /> : null}
      <div className={staff ? "nhsuk-width-container-fluid app-staff-width" : "nhsuk-width-container"}>
        <main className={staff ? "nhsuk-main-wrapper nhsuk-main-wrapper--s" : "nhsuk-main-wrapper"} id="maincontent" tabIndex={-1}>
          {data.flash ? <FlashBanner flash={data.flash} /> : null}
          {children}
        </main>
      </div>
      {data.nhsApp ? null : <Footer links={data.footerLinks} supportPhone={data.supportPhone} productName={data.productName} />}
      {/* Before <Scripts />: deferred, it starts before the page hydrates. */}
      {data.idleTimer && data.idleTimerScript ? <IdleTimerScript src={data.idleTimerScript} settings={data.idleTimer} /> : null}
      {data.trackingScriptUrl ? <script src={data.trackingScriptUrl} nonce={nonce} async /> : null}
    </>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  const title = useDocumentTitle(data.productName);
  if (data.browserStatus) {
    return (
      <Document stylesheet={data.stylesheet} title={`${data.browserStatus === "outdated" ? "Outdated browser" : "Unsupported browser"} – ${data.productName}`}>
        <Shell data={data}>
          <UnsupportedBrowser status={data.browserStatus} productName={data.productName} />
        </Shell>
      </Document>
    );
  }
  return (
    <Document title={title} stylesheet={data.stylesheet}>
      <Shell data={data}>
        <Outlet />
      </Shell>
    </Document>
  );
}

/**
 * Anything thrown below (or in the root loader) ends here. A 404 shows page-not-found;
 * everything else a plain 500 page. Remix strips error details in production, and this
 * page never renders them anyway.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>("root");
  const productName = root?.productName ?? "Frontdoor";
  const supportPhone = root?.supportPhone ?? "0330 343 5000";
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const data = (isRouteErrorResponse(error) ? error.data : null) as LayerErrorData | null;
  const [heading, body] = errorPage(status, data, supportPhone, root?.csrfToken ?? null);
  const title = `${heading} – ${productName}`;
  if (!root) {
    // The root loader itself failed: render without the shell's data.
    return (
      <Document title={title}>
        <div className="nhsuk-width-container">
          <main className="nhsuk-main-wrapper" id="maincontent" tabIndex={-1}>
            {body}
          </main>
        </div>
      </Document>
    );
  }
  return (
    <Document title={title} stylesheet={root.stylesheet}>
      <Shell data={root}>{body}</Shell>
    </Document>
  );
}

/** The page for a thrown status: 404, 403, 400, 413 and 503 have their own; anything else is 500. */
function errorPage(status: number, data: LayerErrorData | null, supportPhone: string, csrfToken: string | null): [string, ReactNode] {
  switch (status) {
    case 404:
      return ["Page not found", <NotFound key="404" />];
    case 403:
      return ["Your form could not be sent", <FormNotVerified key="403" />];
    case 400:
      return ["There is a problem with what you sent", <BadInput key="400" fields={data?.kind === "bad_input" ? data.fields : []} />];
    case 413:
      return ["The files you sent are too large", <TooLarge key="413" />];
    case 503:
      if (data?.kind === "maintenance") return ["Sorry, the service is unavailable", <MaintenancePage key="maintenance" message={data.message} />];
      return [
        "Sorry, there is a problem with the service",
        <ServiceUnavailable key="503" supportPhone={supportPhone} csrfToken={csrfToken} resubmit={data?.kind === "unavailable" ? data.resubmit : null} />,
      ];
    default:
      return ["Sorry, there is a problem with the service", <ServerErrorPage key="500" supportPhone={supportPhone} />];
  }
}
