import { copy, type PermissionErrorCode } from "~/copy";

export function NotFound() {
  return (
    <>
      <h1>Page not found</h1>
      <p>If you typed the web address, check it is correct.</p>
      <p>If you pasted the web address, check you copied the entire address.</p>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </>
  );
}

export function ServerErrorPage({ supportPhone }: { supportPhone: string }) {
  return (
    <>
      <h1>Sorry, there is a problem with the service</h1>
      <p>Try again later.</p>
      <p>Anything you have not submitted may not have been saved.</p>
      <p>If the problem continues, call our support line on {supportPhone}.</p>
    </>
  );
}

export function PermissionDenied({ errorCode }: { errorCode: PermissionErrorCode | null }) {
  return (
    <>
      <h1>You do not have permission to view this page</h1>
      <p>{errorCode ? copy.permissionDenied[errorCode] : "Your account does not give you access to this page."}</p>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </>
  );
}

export function UnsupportedBrowser({ status, productName }: { status: "outdated" | "unsupported"; productName: string }) {
  return (
    <>
      <h1>{status === "outdated" ? copy.browser.outdated : copy.browser.unsupported}</h1>
      <p>
        {status === "outdated"
          ? `Your web browser is too old to use ${productName} safely.`
          : `${productName} does not work with the web browser you are using.`}
      </p>
      <p>Please use an up-to-date version of one of these browsers:</p>
      <ul>
        <li>Google Chrome</li>
        <li>Microsoft Edge</li>
        <li>Mozilla Firefox</li>
        <li>Apple Safari</li>
        <li>Samsung Internet</li>
      </ul>
      <p>You can also use {productName} on an Android phone or tablet, an iPhone or iPad, or in the NHS App.</p>
    </>
  );
}

/** A post whose CSRF token did not match: usually a page left open across sign-in or out. */
export function FormNotVerified() {
  return (
    <>
      <h1>Your form could not be sent</h1>
      <p>This can happen if the page was open for a long time, you signed in or out in another tab, or your browser blocks cookies.</p>
      <p>Nothing has been saved. Go back, reload the page and try again.</p>
    </>
  );
}

/** Input no page accepts (a control character, a number out of range): nothing was saved. */
export function BadInput({ fields }: { fields: string[] }) {
  return (
    <>
      <h1>There is a problem with what you sent</h1>
      {fields.length ? (
        <>
          <p>These fields contain a character that cannot be accepted (such as an invisible control character):</p>
          <ul>
            {fields.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>Something you entered cannot be accepted, for example a number that is far too large.</p>
      )}
      <p>Nothing has been saved. Go back, check what you entered and try again.</p>
    </>
  );
}

export function TooLarge() {
  return (
    <>
      <h1>The files you sent are too large</h1>
      <p>Each file must be 10MB or smaller. Nothing has been saved. Go back and try again with smaller files.</p>
    </>
  );
}

type Resubmit = { action: string; fields: { name: string; value: string }[]; hadFiles: boolean };

/**
 * The database is unreachable (spec: "sorry, there is a problem with the service"). When the
 * page came from a form, what was typed is shown and can be sent again as it was: nothing is
 * lost, and sending it again is safe (the idempotency key comes along, so a post that was in
 * fact saved is not saved twice).
 */
export function ServiceUnavailable({ supportPhone, resubmit, csrfToken }: { supportPhone: string; resubmit: Resubmit | null; csrfToken: string | null }) {
  const typed = resubmit?.fields.filter((f) => !["csrf", "idempotency_key", "intent", "version"].includes(f.name) && f.value.trim() !== "") ?? [];
  return (
    <>
      <h1>Sorry, there is a problem with the service</h1>
      <p>The service is not working at the moment. Try again in a few minutes.</p>
      {resubmit ? (
        <>
          <p>
            <strong>What you sent has not been saved.</strong>
            {resubmit.hadFiles ? " Any files you attached need to be attached again." : null}
          </p>
          {typed.length ? (
            <>
              <h2>What you entered</h2>
              <p>Here is what you entered, so you do not lose it.</p>
              <dl className="nhsuk-summary-list">
                {typed.map((f, i) => (
                  <div className="nhsuk-summary-list__row" key={`${f.name}-${i}`}>
                    <dt className="nhsuk-summary-list__key">{f.name.replace(/[._-]+/g, " ")}</dt>
                    <dd className="nhsuk-summary-list__value">{f.value}</dd>
                  </div>
                ))}
              </dl>
            </>
          ) : null}
          {!resubmit.hadFiles ? (
            <form method="post" action={resubmit.action}>
              {resubmit.fields.map((f, i) =>
                f.name === "csrf" && csrfToken ? (
                  <input type="hidden" name="csrf" value={csrfToken} key={`${f.name}-${i}`} />
                ) : (
                  <input type="hidden" name={f.name} value={f.value} key={`${f.name}-${i}`} />
                ),
              )}
              <button className="nhsuk-button" type="submit">
                Try sending again
              </button>
            </form>
          ) : null}
        </>
      ) : (
        <p>Anything you have not submitted may not have been saved.</p>
      )}
      <p>If the problem continues, call our support line on {supportPhone}.</p>
    </>
  );
}
