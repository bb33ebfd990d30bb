/**
 * /{practice_code}/video-consultations/{staff_member_id} (spec 3 §2; video consultations
 * guard): a clinician's video consultations from today on, each opening the room.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Table } from "~/components/Table";
import { NotFound } from "~/domain/outcomes";
import { formatLondonDateTime, londonDate, londonInstant } from "~/domain/time/london";
import { formatDuration, STATUS_LABELS, STATUS_TAGS } from "~/domain/video/schedule";
import { clinicianSchedules, practiceStaffMember } from "~/domain/video/schedule.server";
import { parseId } from "~/validation/ids";
import { requireVideoStaff } from "~/web/video/video.server";

export const handle = { title: "Video consultations" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice } = await requireVideoStaff(request, context, params.practiceCode);
  const staffId = parseId(params.staffMemberId);
  if (!staffId) throw new NotFound();
  const person = await practiceStaffMember(context.db, practice.id, staffId);
  const now = context.clock.now();
  const rows = await clinicianSchedules(context.db, practice.id, staffId, londonInstant(londonDate(now), "00:00"), now);
  return json({
    code: practice.urlCode,
    name: `${person.firstName} ${person.lastName}`,
    rows: rows.map((r) => ({
      id: r.id,
      when: formatLondonDateTime(r.scheduledFor),
      patient: `${r.patientFirstName} ${r.patientLastName}`,
      status: r.shownStatus,
      duration: r.durationSeconds === null ? null : formatDuration(r.durationSeconds),
    })),
  });
}

export default function ClinicianVideo() {
  const d = useLoaderData<typeof loader>();
  return (
    <>
      <span className="nhsuk-caption-l">{d.name}</span>
      <h1>Video consultations</h1>
      <p>
        <a href={`/${d.code}/videoschedules`}>Schedule a video consultation</a>
      </p>
      {d.rows.length === 0 ? (
        <p>No video consultations from today on.</p>
      ) : (
        <Table caption={`Video consultations of ${d.name}`} columns={["Date and time", "Patient", "Status", "Call length", { hidden: "Actions" }]}>
          {d.rows.map((r) => (
            <tr className="nhsuk-table__row" key={r.id}>
              <td className="nhsuk-table__cell">{r.when}</td>
              <td className="nhsuk-table__cell">{r.patient}</td>
              <td className="nhsuk-table__cell">
                <strong className={`nhsuk-tag ${STATUS_TAGS[r.status]}`}>{STATUS_LABELS[r.status]}</strong>
              </td>
              <td className="nhsuk-table__cell">{r.duration ?? "Not held"}</td>
              <td className="nhsuk-table__cell">
                <a href={`/${d.code}/video/${r.id}`}>
                  Open<span className="nhsuk-u-visually-hidden"> the consultation with {r.patient} on {r.when}</span>
                </a>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}
