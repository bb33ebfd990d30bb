import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { isSecureRequest, readCookie, serializeCookie } from "~/web/cookies";
import { setFlashCookie } from "~/web/flash.server";
import { safeRedirectPath } from "~/web/redirects";
import { CONSENT_COOKIE, CONSENT_SECONDS, readConsent } from "~/domain/shell/cookie-consent";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Cookies", hydrate: false } satisfies PageHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ consent: readConsent(readCookie(request, CONSENT_COOKIE)) });
}

/** The cookie banner and this page both post here: allow or deny, remembered 365 days. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const choice = form.get("additional_cookies");
  const returnTo = safeRedirectPath(form.get("returnTo"), "/cookies");
  if (choice !== "allow" && choice !== "deny") return redirect(returnTo, 303);
  const secure = isSecureRequest(request);
  const headers = new Headers();
  // Not HttpOnly: an analytics script may read the choice, and it holds nothing secret.
  headers.append(
    "Set-Cookie",
    serializeCookie(CONSENT_COOKIE, choice, { maxAgeSeconds: CONSENT_SECONDS, secure, httpOnly: false }),
  );
  headers.append(
    "Set-Cookie",
    setFlashCookie(
      context.config.sessionSecret,
      { kind: "success", text: choice === "allow" ? "You've accepted additional cookies." : "You've rejected additional cookies." },
      secure,
    ),
  );
  return redirect(returnTo, { status: 303, headers });
}

export default function Cookies() {
  const { consent } = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>Cookies</h1>
        <p>Cookies are small files saved on your phone, tablet or computer when you visit a website.</p>
        <h2>Essential cookies</h2>
        <p>
          These keep you signed in, protect the forms you send and remember your choices. They do not track you and
          cannot be turned off.
        </p>
        <h2>Additional cookies</h2>
        <p>These help us understand how people use the service so we can improve it. We only set them if you agree.</p>
        <PostForm action="/cookies" reloadDocument>
          <input type="hidden" name="returnTo" value="/cookies" />
          <div className="nhsuk-form-group">
            <fieldset className="nhsuk-fieldset">
              <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">
                Can we use additional cookies?
              </legend>
              <div className="nhsuk-radios">
                <div className="nhsuk-radios__item">
                  <input className="nhsuk-radios__input" id="cookies-allow" name="additional_cookies" type="radio" value="allow" defaultChecked={consent === "allow"} />
                  <label className="nhsuk-label nhsuk-radios__label" htmlFor="cookies-allow">
                    Use cookies that measure my use of the service
                  </label>
                </div>
                <div className="nhsuk-radios__item">
                  <input className="nhsuk-radios__input" id="cookies-deny" name="additional_cookies" type="radio" value="deny" defaultChecked={consent !== "allow"} />
                  <label className="nhsuk-label nhsuk-radios__label" htmlFor="cookies-deny">
                    Do not use cookies that measure my use of the service
                  </label>
                </div>
              </div>
            </fieldset>
          </div>
          <Button>Save my cookie settings</Button>
        </PostForm>
      </div>
    </div>
  );
}
