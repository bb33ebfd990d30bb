import type { NavLink } from "~/domain/shell/navigation";
import { SuggestionLink } from "./SuggestionLink";

export function Footer({ links, supportPhone, productName }: { links: NavLink[]; supportPhone: string; productName: string }) {
  return (
    <footer className="nhsuk-footer" role="contentinfo">
      <div className="nhsuk-width-container">
        <div className="nhsuk-footer__meta">
          <h2 className="nhsuk-u-visually-hidden">Support links</h2>
          <ul className="nhsuk-footer__list">
            {links.map((link) => (
              <li className="nhsuk-footer__list-item" key={link.href}>
                <a className="nhsuk-footer__list-item-link" href={link.href}>
                  {link.label}
                </a>
              </li>
            ))}
            <li className="nhsuk-footer__list-item">
              <SuggestionLink productName={productName} />
            </li>
          </ul>
          <p className="nhsuk-body-s app-support-phone">
            Need help? Call our support line on <a href={`tel:${supportPhone.replace(/\s+/g, "")}`}>{supportPhone}</a>.
          </p>
          <p className="nhsuk-body-s">
            All content is available under the{" "}
            <a href="https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/" rel="license">
              Open Government Licence v3.0
            </a>
            , except where otherwise stated.
          </p>
        </div>
      </div>
    </footer>
  );
}
