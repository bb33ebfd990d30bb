import { useState } from "react";
import { PostForm } from "./Csrf";

/**
 * The maintenance banner, dismissed by a plain form (remembered 30 days by fingerprint).
 * `returnTo` brings the visitor back to the page they were on.
 *
 * Every notification banner is a region named by its own title (NHS.UK markup: role="region",
 * aria-labelledby its title's id), and a page may show several at once (this one, a flash, a
 * notice): each title must read differently, or assistive technology lists two regions both
 * called "Important" (html-validate's unique-landmark). Hence the hidden ": service announcement"
 * here (not "service message": a form's "Message" label would then find this region too); the
 * flash keeps the plain NHS.UK title.
 */
export function MaintenanceBannerView({
  banner,
  returnTo,
}: {
  banner: { text: string; type: "information" | "warning"; fingerprint: string };
  returnTo: string;
}) {
  return (
    <div className="nhsuk-width-container">
      <div
        className={`nhsuk-notification-banner app-maintenance-banner${banner.type === "warning" ? " nhsuk-notification-banner--warning" : ""}`}
        role="region"
        aria-labelledby="maintenance-banner-title"
      >
        <div className="nhsuk-notification-banner__header">
          <h2 className="nhsuk-notification-banner__title" id="maintenance-banner-title">
            {banner.type === "warning" ? "Warning" : "Important"}
            <span className="nhsuk-u-visually-hidden">: service announcement</span>
          </h2>
        </div>
        <div className="nhsuk-notification-banner__content">
          <p className="nhsuk-notification-banner__heading">{banner.text}</p>
          <PostForm action="/maintenance-banner" reloadDocument className="app-inline-form">
            <input type="hidden" name="fingerprint" value={banner.fingerprint} />
            <input type="hidden" name="returnTo" value={returnTo} />
            <button type="submit" className="nhsuk-button nhsuk-button--secondary nhsuk-button--small nhsuk-u-margin-bottom-0">
              Dismiss<span className="nhsuk-u-visually-hidden"> this message</span>
            </button>
          </PostForm>
        </div>
      </div>
    </div>
  );
}

/** The cookie banner: accept or reject additional cookies by a plain form. */
export function CookieBanner({ productName, returnTo, compact = false }: { productName: string; returnTo: string; compact?: boolean }) {
  if (compact) {
    // Staff pages: one line above the header, so the first screen stays the inbox (decision 0114).
    return (
      <div className="nhsuk-width-container-fluid app-cookie-strip" role="region" aria-labelledby="cookie-banner-title">
        <h2 className="nhsuk-body-s nhsuk-u-margin-bottom-0 app-cookie-strip__title" id="cookie-banner-title">
          Cookies on {productName}
        </h2>
        <p className="nhsuk-body-s nhsuk-u-margin-bottom-0">
          We use essential cookies to make this service work, and would like to use additional cookies to improve it. <a href="/cookies">Read more about our cookies</a>
        </p>
        <PostForm action="/cookies" reloadDocument className="app-cookie-strip__form">
          <input type="hidden" name="returnTo" value={returnTo} />
          <button type="submit" name="additional_cookies" value="allow" className="nhsuk-button nhsuk-button--secondary nhsuk-button--small">
            I'm OK with additional cookies
          </button>
          <button type="submit" name="additional_cookies" value="deny" className="nhsuk-button nhsuk-button--secondary nhsuk-button--small">
            Do not use additional cookies
          </button>
        </PostForm>
      </div>
    );
  }
  return (
    <div className="nhsuk-width-container">
      <div className="nhsuk-notification-banner" role="region" aria-labelledby="cookie-banner-title">
        <div className="nhsuk-notification-banner__header">
          <h2 className="nhsuk-notification-banner__title" id="cookie-banner-title">
            Cookies on {productName}
          </h2>
        </div>
        <div className="nhsuk-notification-banner__content">
          <p className="nhsuk-body">
            We use some essential cookies to make this service work. We would also like to use additional cookies to
            understand how you use the service and to improve it.
          </p>
          <PostForm action="/cookies" reloadDocument>
            <input type="hidden" name="returnTo" value={returnTo} />
            <div className="nhsuk-button-group">
              <button type="submit" name="additional_cookies" value="allow" className="nhsuk-button">
                I'm OK with additional cookies
              </button>
              <button type="submit" name="additional_cookies" value="deny" className="nhsuk-button">
                Do not use additional cookies
              </button>
            </div>
          </PostForm>
          <p className="nhsuk-body-s nhsuk-u-margin-top-3 nhsuk-u-margin-bottom-0">
            <a href="/cookies">Read more about our cookies</a>
          </p>
        </div>
      </div>
    </div>
  );
}

/** A success or information message carried across a redirect (flash). */
export function FlashBanner({ flash }: { flash: { kind: "success" | "info"; text: string } }) {
  const success = flash.kind === "success";
  return (
    <div
      className={`nhsuk-notification-banner${success ? " nhsuk-notification-banner--success" : ""}`}
      role={success ? "alert" : "region"}
      aria-labelledby="flash-title"
    >
      <div className="nhsuk-notification-banner__header">
        <h2 className="nhsuk-notification-banner__title" id="flash-title">
          {success ? "Success" : "Important"}
        </h2>
      </div>
      <div className="nhsuk-notification-banner__content">
        <p className="nhsuk-notification-banner__heading">{flash.text}</p>
      </div>
    </div>
  );
}

/**
 * Inside the NHS App webview: a way back to the app, and who provides this service (the
 * NHS App requires third-party services to say so). The app handles its own cookie consent.
 */
export const NHS_APP_HOME = "https://www.nhsapp.service.nhs.uk/patient/";

export function NhsAppBars({ productName }: { productName: string }) {
  return (
    <div className="app-nhsapp-bar">
      <div className="nhsuk-width-container">
        <a className="nhsuk-back-link" href={NHS_APP_HOME} data-nhsapp-page="HOME_PAGE">
          Back to NHS App
        </a>
        <p className="nhsuk-body-s nhsuk-u-margin-bottom-2">
          This service is provided by {productName} on behalf of your GP practice.
        </p>
      </div>
    </div>
  );
}

/**
 * The latest global notice (decision 0076), on every page for everyone until dismissed. The
 * dismiss button is a plain form (a row for a signed-in reader, a cookie otherwise); with JS
 * the banner hides at once while the form goes.
 */
export function GlobalNoticeView({
  notice,
  returnTo,
}: {
  notice: { id: number; title: string; body: string; lang: "en" | "cy" };
  returnTo: string;
}) {
  const [hidden, setHidden] = useState(false);
  // Hidden, not removed: a form taken out of the page in its own submit event is never sent.
  return (
    <div className="nhsuk-width-container" hidden={hidden}>
      <div className="nhsuk-notification-banner app-global-notice" role="region" aria-labelledby="global-notice-title" lang={notice.lang === "cy" ? "cy" : undefined}>
        <div className="nhsuk-notification-banner__header">
          <h2 className="nhsuk-notification-banner__title" id="global-notice-title">
            {notice.lang === "cy" ? "Hysbysiad" : "Notice"}
          </h2>
        </div>
        <div className="nhsuk-notification-banner__content">
          <p className="nhsuk-notification-banner__heading">{notice.title}</p>
          {notice.body.split(/\n{2,}/).map((paragraph, i) => (
            <p className="nhsuk-body" key={i}>
              {paragraph}
            </p>
          ))}
          <PostForm action="/notices/dismiss" reloadDocument className="app-inline-form" onSubmit={() => setHidden(true)}>
            <input type="hidden" name="noticeId" value={String(notice.id)} />
            <input type="hidden" name="returnTo" value={returnTo} />
            <button type="submit" className="nhsuk-button nhsuk-button--secondary nhsuk-button--small nhsuk-u-margin-bottom-0">
              Dismiss<span className="nhsuk-u-visually-hidden"> this notice</span>
            </button>
          </PostForm>
        </div>
      </div>
    </div>
  );
}
