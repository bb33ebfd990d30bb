import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { notFound } from "~/web/responses.server";
import { latestOutbox } from "~/domain/notify/outbox.server";

export const handle = { title: "Outbox (development)" };

/**
 * The messages the app would have sent: validation links, reset links, SMS codes. Absent
 * in production (404) unless on a local test server, where messages really go out through GOV.UK Notify.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.config.testTools) throw notFound();
  // ?to= one recipient: their messages however many others the app has sent since (a journey
  // looking for a message made when the demo was seeded, after other journeys sent dozens).
  const to = new URL(request.url).searchParams.get("to")?.trim().slice(0, 320) || undefined;
  const messages = await latestOutbox(context.db, { to });
  return json({ messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) });
}

/** Turns URLs in a message body into links, so the demo user can click through. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s]+)/g);
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          <span key={i}>{part}</span>
        ),
      )}
    </>
  );
}

export default function Outbox() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Outbox</h1>
      <p>
        Messages the app has sent, newest first. This page exists only outside production, so you can follow links and
        codes sent to demo accounts.
      </p>
      {messages.length === 0 ? <p>No messages yet.</p> : null}
      {messages.map((m) => (
        <div className="nhsuk-card" key={m.id} data-testid="outbox-message">
          <div className="nhsuk-card__content">
            <h2 className="nhsuk-card__heading nhsuk-heading-s">
              {m.channel === "sms" ? "SMS" : m.channel === "email" ? "Email" : "NHS App message"} to {m.recipient}
            </h2>
            {m.subject ? <p className="nhsuk-body-s">Subject: {m.subject}</p> : null}
            <p className="nhsuk-body-s app-outbox-body">
              <Linkified text={m.body} />
            </p>
            <p className="nhsuk-body-s nhsuk-u-secondary-text-color">
              {m.template} · {m.createdAt}
            </p>
          </div>
        </div>
      ))}
    </>
  );
}
