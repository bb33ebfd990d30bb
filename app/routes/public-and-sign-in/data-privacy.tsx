import { useRouteLoaderData } from "@remix-run/react";
import type { RootLoaderData } from "~/root";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Data privacy", hydrate: false } satisfies PageHandle;

export default function DataPrivacy() {
  const product = useRouteLoaderData<RootLoaderData>("root")?.productName ?? "Frontdoor";
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>Data privacy</h1>
        <p className="nhsuk-lede-text">
          How {product} uses the information you give your GP practice through this service.
        </p>
        <h2>Who is responsible for your data</h2>
        <p>
          Your GP practice is the data controller for the requests and messages you send it. {product} processes them
          on the practice's behalf, only to deliver this service.
        </p>
        <h2>What we collect</h2>
        <ul>
          <li>your name, date of birth, NHS number and contact details, to match you to your practice record</li>
          <li>what you tell your practice in a request, and any files you attach</li>
          <li>messages between you and your practice</li>
          <li>a record of who at the practice viewed or changed your request, and when</li>
        </ul>
        <h2>How long we keep it</h2>
        <p>
          Requests and messages are kept as part of your medical record in line with the Records Management Code of
          Practice for Health and Social Care.
        </p>
        <h2>Cookies</h2>
        <p>
          We use essential cookies to keep you signed in and to protect forms. We only use additional cookies if you
          agree to them. You can <a href="/cookies">change your cookie settings</a> at any time.
        </p>
        <h2>Your rights</h2>
        <p>
          You can ask your practice for a copy of your information, ask for it to be corrected, or complain to the
          Information Commissioner's Office.
        </p>
      </div>
    </div>
  );
}
