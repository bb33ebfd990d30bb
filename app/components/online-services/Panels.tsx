import { ONLINE_SERVICES } from "~/domain/online-services/messages";

/**
 * A failure of the GP system the page could not get past (spec 2 §8): the NHS.UK error
 * summary holding the message, announced when it appears.
 */
export function ProblemPanel({ message }: { message: string }) {
  return (
    <div className="nhsuk-error-summary" aria-labelledby="problem-title">
      <div role="alert">
        <h2 className="nhsuk-error-summary__heading" id="problem-title">
          There is a problem
        </h2>
        <div className="nhsuk-error-summary__body">
          <p>{message}</p>
        </div>
      </div>
    </div>
  );
}

export type PanelContext = "appointments" | "medication" | null;

/** The account-not-linked instructions (spec 2 §2.7), about booking or medication. */
export function NotLinkedPanel({ context, practiceCode, heading = true }: { context: PanelContext; practiceCode: string | null; heading?: boolean }) {
  const what =
    context === "appointments" ? "book appointments" : context === "medication" ? "order your repeat medication" : "book appointments and order medication";
  return (
    <div className="nhsuk-card nhsuk-card--feature">
      <div className="nhsuk-card__content nhsuk-card__content--feature">
        {heading ? <h2 className="nhsuk-card__heading nhsuk-card__heading--feature">{ONLINE_SERVICES.notLinkedTitle}</h2> : null}
        <p className="nhsuk-card__description">To {what} online, first link your GP online services account.</p>
        <ol className="nhsuk-list nhsuk-list--number">
          <li>Ask your GP practice for your online services registration details: an Account ID, a linkage key and your practice&apos;s code.</li>
          <li>Enter them on the online services page.</li>
        </ol>
        {practiceCode ? (
          <p>
            <a className="nhsuk-link" href={`/${practiceCode}/online-services`}>
              Link your online services account
            </a>
          </p>
        ) : null}
      </div>
    </div>
  );
}
