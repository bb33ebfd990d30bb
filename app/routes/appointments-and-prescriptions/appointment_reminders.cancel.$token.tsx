import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { cancelByReminder, openReminderLink } from "~/domain/bulk/reminders.server";
import type { PageHandle } from "~/components/hydration";

/**
 * /appointment_reminders/cancel/{token} (spec 2 §2.5): from the reminder sent the day before an
 * appointment, without signing in. The page asks once ("Cancel appointment"); the post cancels
 * it in the GP system and spends the link. A used, expired or unknown link says so (410/404).
 */
export const handle = { title: "Cancel your appointment", hydrate: false } satisfies PageHandle;

const statusOf = (state: string) => (state === "open" || state === "cancelled" ? 200 : state === "unknown" ? 404 : state === "failed" ? 409 : 410);

export async function loader({ context, params }: LoaderFunctionArgs) {
  const link = await openReminderLink(context.db, "cancel", params.token, context.clock.now());
  const { state } = link;
  return json({ state, practiceName: "practiceName" in link ? link.practiceName : null, when: "when" in link ? link.when : null }, { status: statusOf(state) });
}

export async function action({ context, params }: ActionFunctionArgs) {
  const link = await openReminderLink(context.db, "cancel", params.token, context.clock.now());
  const result = await cancelByReminder(context.db, context.gpSystem, params.token, context.clock.now());
  return json({ state: result, practiceName: "practiceName" in link ? link.practiceName : null, when: "when" in link ? link.when : null }, { status: statusOf(result) });
}

export default function CancelByReminder() {
  const loaded = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const data = done ?? loaded;
  const practice = data.practiceName ?? "your GP practice";
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        {data.state === "open" ? (
          <>
            <h1>Cancel your appointment</h1>
            <p>
              Your appointment at {practice} is on {data.when}. If you no longer need it, cancel it so someone else can have it.
            </p>
            <PostForm>
              <Button variant="warning">Cancel appointment</Button>
            </PostForm>
          </>
        ) : data.state === "cancelled" ? (
          <div className="nhsuk-panel">
            <h1 className="nhsuk-panel__title">Appointment cancelled</h1>
            <div className="nhsuk-panel__body">
              Your appointment at {practice} on {data.when} has been cancelled.
            </div>
          </div>
        ) : (
          <>
            <h1>{data.state === "used" ? "This link has already been used" : data.state === "expired" ? "This link has expired" : data.state === "failed" ? "Your appointment could not be cancelled" : "This link does not work"}</h1>
            <p>To change or cancel an appointment, contact {practice}.</p>
          </>
        )}
      </div>
    </div>
  );
}
