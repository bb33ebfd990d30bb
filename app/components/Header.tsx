import { Link } from "@remix-run/react";
import type { ShellNavigation } from "~/domain/shell/navigation";
import { PostForm } from "./Csrf";
import { InboxBubble } from "./inbox/InboxBubble";

function NhsLogo() {
  return (
    <svg className="nhsuk-header__logo" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 80" height="40" width="100" focusable="false" role="img" aria-label="NHS">
      <title>NHS</title>
      <path
        fill="currentcolor"
        d="M200 0v80H0V0h200Zm-27.5 5.5c-14.5 0-29 5-29 22 0 10.2 7.7 13.5 14.7 16.3l.7.3c5.4 2 10.1 3.9 10.1 8.4 0 6.5-8.5 7.5-14 7.5s-12.5-1.5-16-3.5L135 70c5.5 2 13.5 3.5 20 3.5 15.5 0 32-4.5 32-22.5 0-19.5-25.5-16.5-25.5-25.5 0-5.5 5.5-6.5 12.5-6.5a35 35 0 0 1 14.5 3l4-13.5c-4.5-2-12-3-20-3Zm-131 2h-22l-14 65H22l9-45h.5l13.5 45h21.5l14-65H64l-9 45h-.5l-13-45Zm63 0h-18l-13 65h17l6-28H117l-5.5 28H129l13.5-65H125L119.5 32h-20l5-24.5Z"
      />
    </svg>
  );
}

function LogoutForm({ label }: { label: string }) {
  return (
    <PostForm action="/logout" reloadDocument className="nhsuk-header__account-form">
      <button type="submit" className="nhsuk-header__account-button">
        {label}
      </button>
    </PostForm>
  );
}

/**
 * Staff pages: the account's dozen links would wrap to two rows of header (~300 px at 1280)
 * and push the inbox list down (decision 0132). They fold into a <details> menu, which opens
 * and closes without JS; Logout stays one click away. A new page remounts it closed.
 */
function StaffAccountMenu({ account, currentPath }: { account: NonNullable<ShellNavigation["account"]>; currentPath: string }) {
  return (
    <nav className="nhsuk-header__account app-account" aria-label="Account">
      <ul className="nhsuk-header__account-list">
        <li className="nhsuk-header__account-item app-account__item">
          <details
            className="app-account__menu"
            key={currentPath}
            onKeyDown={(event) => {
              // With JS, Escape closes the menu and returns to its button, as a menu button does.
              if (event.key !== "Escape" || !event.currentTarget.open) return;
              event.currentTarget.open = false;
              event.currentTarget.querySelector("summary")?.focus();
            }}
          >
            <summary className="app-account__summary">
              <span className="nhsuk-u-visually-hidden">Signed in as </span>
              {account.name}
              <span className="nhsuk-u-visually-hidden"> – account menu</span>
            </summary>
            <ul className="app-account__list">
              {account.items.map((item) => (
                <li key={item.href}>
                  <Link className="app-account__link" to={item.href}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </details>
        </li>
        <li className="nhsuk-header__account-item">
          <LogoutForm label={account.logoutLabel} />
        </li>
      </ul>
    </nav>
  );
}

/** NHS.UK header with the service name, the account list and the audience's menu. */
export function Header({ nav, productName, currentPath, fluid = false }: { nav: ShellNavigation; productName: string; currentPath: string; fluid?: boolean }) {
  const width = fluid ? "nhsuk-width-container-fluid" : "nhsuk-width-container";
  return (
    <header className={fluid ? "nhsuk-header app-header--staff" : "nhsuk-header"} role="banner">
      <div className={`nhsuk-header__container ${width}`}>
        <div className="nhsuk-header__service">
          <Link className="nhsuk-header__service-logo" to={nav.homeHref} aria-label={`${productName} homepage`}>
            <NhsLogo />
            <span className="nhsuk-header__service-name">{productName}</span>
          </Link>
          {nav.practiceName ? <span className="nhsuk-header__service-name app-header-practice">{nav.practiceName}</span> : null}
        </div>
        {nav.account && fluid ? <StaffAccountMenu account={nav.account} currentPath={currentPath} /> : null}
        {nav.account && !fluid ? (
          <nav className="nhsuk-header__account" aria-label="Account">
            <ul className="nhsuk-header__account-list">
              <li className="nhsuk-header__account-item">
                <span className="nhsuk-u-visually-hidden">Signed in as </span>
                {nav.account.name}
              </li>
              {nav.account.items.map((item) => (
                <li className="nhsuk-header__account-item" key={item.href}>
                  <Link className="nhsuk-header__account-link" to={item.href}>
                    {item.label}
                  </Link>
                </li>
              ))}
              <li className="nhsuk-header__account-item">
                <LogoutForm label={nav.account.logoutLabel} />
              </li>
            </ul>
          </nav>
        ) : null}
      </div>
      {nav.items.length > 0 ? (
        <nav className="nhsuk-header__navigation" aria-label="Menu">
          <div className={`nhsuk-header__navigation-container ${width}`}>
            <ul className="nhsuk-header__navigation-list">
              {nav.items.map((item) => {
                const current = item.href === currentPath;
                return (
                  <li
                    className={`nhsuk-header__navigation-item${current ? " nhsuk-header__navigation-item--current" : ""}`}
                    key={item.href}
                  >
                    <a className="nhsuk-header__navigation-link" href={item.href} aria-current={current ? "page" : undefined}>
                      {item.label}
                      {nav.inboxBubble && item.label === "Inboxes" ? <InboxBubble initial={nav.inboxBubble.count} countUrl={nav.inboxBubble.countUrl} /> : null}
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        </nav>
      ) : null}
    </header>
  );
}
