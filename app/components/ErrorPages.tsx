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
