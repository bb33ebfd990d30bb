import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listPublicPractices } from "~/domain/practices/practices.server";
import { not_loggedin } from "~/domain/auth/guards";
import { requireGuards } from "~/web/auth/guards.server";
import type { PageHandle } from "~/components/hydration";

// Links and a warning: nothing for React to do, so the first page most visitors see ships no
// JS at all (decision 0145; the home page was the one Lighthouse page still hydrated).
export const handle = { title: "Contact your GP practice online", hydrate: false } satisfies PageHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Home is for visitors; signed-in users go where their role lands (spec 1 §6).
  await requireGuards(request, context, [not_loggedin]);
  return json({ practices: await listPublicPractices(context.db) });
}

export default function Home() {
  const { practices } = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>Contact your GP practice online</h1>
        <p className="nhsuk-lede-text">
          Send a medical or admin request to your GP practice, book appointments and order repeat medicines.
        </p>
        <p>Your practice reads every request and replies by text message, email or through this service.</p>
        <div className="nhsuk-warning-callout">
          <h2 className="nhsuk-warning-callout__label">
            <span role="text">
              <span className="nhsuk-u-visually-hidden">Important: </span>
              In an emergency
            </span>
          </h2>
          <p>
            Call 999 if someone is seriously ill or injured and their life is at risk. For urgent advice, use{" "}
            <a href="https://111.nhs.uk/">NHS 111 online</a> or call 111.
          </p>
        </div>
        {practices.length > 0 ? (
          <>
            <h2>Choose your practice</h2>
            <ul className="nhsuk-list nhsuk-list--bullet">
              {practices.map((p) => (
                <li key={p.urlCode}>
                  <a href={`/practice/${p.urlCode}`}>{p.name}</a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </div>
  );
}
