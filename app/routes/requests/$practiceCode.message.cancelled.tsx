import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requestTimeoutMessage } from "~/domain/requests/request-timer";
import { requireEntryAuthor } from "~/web/requests/draft-step.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Your request has been cancelled", hydrate: false } satisfies PageHandle;

/**
 * After a request was cancelled (spec 2 §2.1): by the patient, by the 30-minute limit (the
 * spec's exact message naming the practice), or because the patient chose another service.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice } = await requireEntryAuthor(request, context, params.practiceCode);
  const reason = new URL(request.url).searchParams.get("reason");
  return json({
    practice: { name: practice.name, urlCode: practice.urlCode },
    reason: reason === "timeout" || reason === "signposted" ? reason : "cancelled",
  });
}

export default function RequestCancelled() {
  const { practice, reason } = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>Your request has been cancelled</h1>
        {reason === "timeout" ? (
          <div className="nhsuk-card nhsuk-card--warning">
            <div className="nhsuk-card__content">
              <h2 className="nhsuk-card__heading">Your request took too long</h2>
              <p className="nhsuk-card__description">{requestTimeoutMessage(practice.name)}</p>
            </div>
          </div>
        ) : reason === "signposted" ? (
          <p>You chose to use another service. Your request has not been sent to {practice.name}.</p>
        ) : (
          <p>Your request has not been sent to {practice.name}. Nothing you entered has been kept.</p>
        )}
        <p>
          <a className="nhsuk-button" href={`/${practice.urlCode}/message`}>
            Start a new request
          </a>
        </p>
        <p>
          If you need help now, use <a href="https://111.nhs.uk/">NHS 111 online</a> or call 111. Call 999 in an emergency.
        </p>
      </div>
    </div>
  );
}
