/**
 * /{practice_code}/video/{consultation_id} (spec 3 §2; video consultations guard): the
 * clinician's room. With a browser that runs it, the call (components/video/VideoCall); without,
 * the page says so and offers the phone. Joins, leaves and the duration are shown as recorded.
 * POST intent=end: the clinician ends the consultation (complete).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { VideoCall } from "~/components/video/VideoCall";
import { copy } from "~/copy";
import { completeConsultation, participantEvents } from "~/domain/video/call.server";
import { canJoin, formatDuration, NO_VIDEO_TEXT, STATUS_LABELS, STATUS_TAGS } from "~/domain/video/schedule";
import { consultationAt } from "~/domain/video/schedule.server";
import { formatLondonDateTime } from "~/domain/time/london";
import { parseId } from "~/validation/ids";
import { redirectWithFlash } from "~/web/flash.server";
import { callSetup, requireVideoStaff } from "~/web/video/video.server";
import { NotFound } from "~/domain/outcomes";
import type { PageHandle } from "~/components/hydration";

// Not hydrated (decision 0161): the call is the plain call script's (components/video/VideoCall),
// and its form posts as a document.
export const handle = { title: "Video consultation", hydrate: false } satisfies PageHandle;

async function load(request: Request, context: LoaderFunctionArgs["context"], params: LoaderFunctionArgs["params"]) {
  const { viewer, practice } = await requireVideoStaff(request, context, params.practiceCode);
  const id = parseId(params.consultationId);
  if (!id) throw new NotFound();
  const consultation = await consultationAt(context.db, practice.id, id, context.clock.now());
  return { viewer, practice, consultation };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, consultation: c } = await load(request, context, params);
  const now = context.clock.now();
  const events = await participantEvents(context.db, c.id);
  const [patient] = await context.db.query.patients.findMany({ where: (p, { eq }) => eq(p.id, c.patientId), columns: { mobile: true, phone: true }, limit: 1 });
  return json({
    code: practice.urlCode,
    id: c.id,
    patient: `${c.patientFirstName} ${c.patientLastName}`,
    nhsNumber: c.nhsNumber,
    phone: patient?.mobile ?? patient?.phone ?? null,
    when: formatLondonDateTime(c.scheduledFor),
    clinician: `${c.clinicianFirstName} ${c.clinicianLastName}`,
    clinicianId: c.assignedToId,
    status: c.shownStatus,
    notesForPatient: c.notesForPatient,
    notesForMedicalRecord: c.notesForMedicalRecord,
    duration: c.durationSeconds,
    requestHref: c.patientEntryId ? `/${practice.urlCode}/inboxes/all/request-details/${c.patientEntryId}` : null,
    canJoin: canJoin(c, now, "clinician"),
    events: events.map((e) => ({ who: e.side === "clinician" ? "Clinician" : "Patient", what: e.kind === "joined" ? "joined" : "left", at: formatLondonDateTime(e.createdAt) })),
    ...callSetup(context),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice, consultation } = await load(request, context, params);
  const form = await request.formData();
  if (form.get("intent") !== "end") return json({ ok: false }, { status: 400 });
  await completeConsultation(context, consultation, viewer.userId);
  return redirectWithFlash(request, context, `/${practice.urlCode}/video-consultations/${consultation.assignedToId}`, { kind: "success", text: "Video consultation ended and marked complete." });
}

export default function VideoRoom() {
  const d = useLoaderData<typeof loader>();
  const fallback = (
    <div className="nhsuk-inset-text">
      <h2 className="nhsuk-heading-s">{NO_VIDEO_TEXT.heading}</h2>
      <p>{NO_VIDEO_TEXT.body}</p>
      <p>{d.phone ? NO_VIDEO_TEXT.clinicianPhone(d.phone) : NO_VIDEO_TEXT.clinicianNoPhone}</p>
    </div>
  );
  return (
    <>
      <a className="nhsuk-back-link" href={`/${d.code}/video-consultations/${d.clinicianId}`}>
        Back to video consultations
      </a>
      <span className="nhsuk-caption-l">Video consultation</span>
      <h1>{d.patient}</h1>
      <dl className="nhsuk-summary-list">
        <Row k="NHS number" v={d.nhsNumber ?? copy.noInformation} />
        <Row k="Date and time" v={d.when} />
        <Row k="Clinician" v={d.clinician} />
        <Row k="Status" v={<strong className={`nhsuk-tag ${STATUS_TAGS[d.status]}`}>{STATUS_LABELS[d.status]}</strong>} />
        <Row k="Call length" v={formatDuration(d.duration)} />
        <Row k="Notes for the patient" v={d.notesForPatient ?? copy.noInformation} />
        <Row k="Notes for the medical record" v={d.notesForMedicalRecord ?? copy.noInformation} />
        {d.requestHref ? <Row k="Request" v={<a href={d.requestHref}>The request this consultation is about</a>} /> : null}
      </dl>
      {d.canJoin ? (
        <>
          <h2>Call</h2>
          <VideoCall side="clinician" signalUrl={`/${d.code}/video/${d.id}/signal`} iceServers={d.iceServers} script={d.callScript} fallback={fallback} />
          <PostForm>
            <input type="hidden" name="intent" value="end" />
            <Button variant="warning">End consultation</Button>
          </PostForm>
        </>
      ) : (
        <p>This consultation is {STATUS_LABELS[d.status].toLowerCase()}: the call cannot be joined.</p>
      )}
      <h2>Joins and leaves</h2>
      {d.events.length ? (
        <ul className="nhsuk-list">
          {d.events.map((e, i) => (
            <li key={i}>
              {e.at}: {e.who} {e.what}
            </li>
          ))}
        </ul>
      ) : (
        <p>Nobody has joined yet.</p>
      )}
    </>
  );
}

function Row({ k, v }: { k: string; v: React.ReactNode }) {
  return (
    <div className="nhsuk-summary-list__row">
      <dt className="nhsuk-summary-list__key">{k}</dt>
      <dd className="nhsuk-summary-list__value">{v}</dd>
    </div>
  );
}
