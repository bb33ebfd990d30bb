import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SummaryList } from "~/components/admin/AdminKit";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { BackLink } from "~/components/requests/RequestParts";
import type { AppContext } from "~/context.server";
import { MESSAGES } from "~/domain/my-health/blood-pressure";
import { deleteUnsentReading, findDeletableReading } from "~/domain/my-health/readings.server";
import { formatLondonDateTime } from "~/domain/time/london";
import { parseId } from "~/validation/ids";
import { redirectWithFlash } from "~/web/flash.server";
import { requireMyHealth } from "~/web/my-health/access.server";
import { notFound } from "~/web/responses.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Delete this reading", hydrate: false } satisfies PageHandle;

/**
 * Deleting a blood pressure reading that has not been sent (a mistyped one): a confirmation
 * page with its own form, so it works without JS. The reading must be one of the viewer's
 * subjects' at this practice and unsent; anything else is page-not-found (decision 0105).
 */
async function open(request: Request, context: AppContext, params: LoaderFunctionArgs["params"]) {
  const access = await requireMyHealth(request, context, params.practiceCode);
  const readingId = parseId(params.readingId ?? "");
  const reading =
    readingId === null
      ? null
      : await findDeletableReading(context.db, access.practice.id, access.subjects.map((s) => s.patientId), readingId);
  if (!reading) throw notFound();
  const subject = access.subjects.find((s) => s.patientId === reading.patientId)!;
  const back = `/${access.practice.urlCode}/my-health/blood-pressure${subject.relation === "myself" ? "" : `?patient=${subject.patientId}`}`;
  return { ...access, reading, subject, back };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { reading, subject, back } = await open(request, context, params);
  return json({
    back,
    name: subject.relation === "myself" ? null : `${subject.firstName} ${subject.lastName}`,
    reading: { systolic: reading.systolic, diastolic: reading.diastolic, pulse: reading.pulse, takenAt: formatLondonDateTime(reading.takenAt) },
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { practice, reading, back } = await open(request, context, params);
  // Sent in another tab meanwhile: the reading stays (the list shows it as sent).
  if (!(await deleteUnsentReading(context.db, practice.id, reading.patientId, reading.id))) throw notFound();
  return redirectWithFlash(request, context, back, { kind: "success", text: MESSAGES.deleted(reading) });
}

export default function DeleteReading() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <BackLink href={data.back}>Blood pressure</BackLink>
        {data.name ? <span className="nhsuk-caption-l">{data.name}</span> : null}
        <h1>Delete this reading?</h1>
        <SummaryList
          rows={[
            ["Date and time", data.reading.takenAt],
            ["Blood pressure", `${data.reading.systolic}/${data.reading.diastolic} mmHg`],
            ["Pulse", `${data.reading.pulse} beats per minute`],
          ]}
        />
        <p>The reading has not been sent to the practice. Once deleted it cannot be brought back; you can add it again.</p>
        <PostForm>
          <Button variant="warning">Delete reading</Button>
        </PostForm>
        <p>
          <a href={data.back}>No, keep it</a>
        </p>
      </div>
    </div>
  );
}
