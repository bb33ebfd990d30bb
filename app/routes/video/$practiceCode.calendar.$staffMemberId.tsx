/**
 * /{practice_code}/calendar/{staff_member_id} (spec 3 §2; gp, receptionist or practice admin of
 * the practice): a person's month (`?view=month&date=YYYY-MM-DD`, the default) or week
 * (`?view=week`) as a server-drawn table: the sessions of their weekly pattern, their video
 * consultations and their leave with who covers. Previous and next are plain links. Patients
 * are not named here (a practice admin sees the calendar too): only the consultation's time
 * and status, and for the practice's GPs and receptionists a link to its room (decision 0099).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RotaNav } from "~/components/rota/RotaNav";
import { calendarDays, longDate, readView, viewDays } from "~/domain/rota/calendar";
import { LEAVE_KIND_LABELS } from "~/domain/rota/leave";
import { practiceLeaveBetween, readPatternOf, rotaStaff } from "~/domain/rota/rota.server";
import { addDays, londonDate, londonInstant, londonTime } from "~/domain/time/london";
import { STATUS_LABELS } from "~/domain/video/schedule";
import { clinicianSchedulesBetween, videoSettingOn } from "~/domain/video/schedule.server";
import { requireRotaPerson, rotaLinks } from "~/web/rota/rota.server";

export const handle = { title: "Calendar" };

const WEEKDAY_HEADERS = [
  ["Mon", "Monday"],
  ["Tue", "Tuesday"],
  ["Wed", "Wednesday"],
  ["Thu", "Thursday"],
  ["Fri", "Friday"],
  ["Sat", "Saturday"],
  ["Sun", "Sunday"],
] as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { viewer, practice, person } = await requireRotaPerson(request, context, params);
  const now = context.clock.now();
  const today = londonDate(now);
  const url = new URL(request.url);
  const { view, date } = readView({ view: url.searchParams.get("view"), date: url.searchParams.get("date") }, today);
  const shown = viewDays(view, date);
  const first = shown.weeks[0][0];
  const last = shown.weeks.at(-1)!.at(-1)!;
  const isStaffHere = viewer.memberships.some((m) => m.practiceId === practice.id && (m.role === "gp" || m.role === "receptionist"));
  const [pattern, leave, consultations, staff, videoOn] = await Promise.all([
    readPatternOf(context.db, practice.id, person.id),
    practiceLeaveBetween(context.db, practice.id, first, last),
    clinicianSchedulesBetween(context.db, practice.id, person.id, londonInstant(first, "00:00"), londonInstant(addDays(last, 1), "00:00"), now),
    rotaStaff(context.db, practice.id),
    videoSettingOn(context.db),
  ]);
  const names = new Map(staff.map((s) => [s.id, `${s.firstName} ${s.lastName}`]));
  const own = leave.filter((l) => l.userId === person.id);
  const weeks = calendarDays({
    view,
    date,
    today,
    userId: person.id,
    pattern,
    leave: own,
    consultations: consultations.map((c) => ({ id: c.id, scheduledFor: c.scheduledFor, status: c.shownStatus })),
  });
  const base = `/${practice.urlCode}/calendar/${person.id}`;
  return json({
    person,
    links: rotaLinks(practice.urlCode, person.id),
    view,
    title: shown.title,
    monthHref: `${base}?view=month&date=${date}`,
    weekHref: `${base}?view=week&date=${date}`,
    previousHref: `${base}?view=${view}&date=${shown.previous}`,
    nextHref: `${base}?view=${view}&date=${shown.next}`,
    todayHref: `${base}?view=${view}&date=${today}`,
    roomBase: isStaffHere && practice.allowVideo && videoOn ? `/${practice.urlCode}/video/` : null,
    weeks: weeks.map((week) =>
      week.map((d) => ({
        date: d.date,
        label: longDate(d.date),
        dayOfMonth: Number(d.date.slice(8, 10)),
        inView: d.inView,
        isToday: d.isToday,
        sessions: d.sessions.map((s) => `${s.start}–${s.end}`),
        leave: d.leave ? { kind: LEAVE_KIND_LABELS[d.leave.kind], cover: d.leave.coverUserId ? (names.get(d.leave.coverUserId) ?? "A former member of staff") : null } : null,
        consultations: d.consultations.map((c) => ({ id: c.id, time: londonTime(c.scheduledFor), status: STATUS_LABELS[c.status as keyof typeof STATUS_LABELS] })),
      })),
    ),
  });
}

type Day = ReturnType<typeof useLoaderData<typeof loader>>["weeks"][number][number];

function DayContents({ day, roomBase }: { day: Day; roomBase: string | null }) {
  const empty = !day.leave && day.sessions.length === 0 && day.consultations.length === 0;
  if (empty) return <span className="nhsuk-body-s">Not working</span>;
  return (
    <ul>
      {day.leave ? (
        <li>
          <strong className="nhsuk-tag nhsuk-tag--orange">{day.leave.kind}</strong>
          <br />
          {day.leave.cover ? `Covered by ${day.leave.cover}` : "Nobody covering"}
        </li>
      ) : null}
      {day.sessions.map((s) => (
        <li key={s}>Working {s}</li>
      ))}
      {day.consultations.map((c) => (
        <li key={c.id}>
          {roomBase ? (
            <a href={`${roomBase}${c.id}`}>
              {c.time} video consultation<span className="nhsuk-u-visually-hidden"> on {day.label}</span>
            </a>
          ) : (
            `${c.time} video consultation`
          )}{" "}
          ({c.status})
        </li>
      ))}
    </ul>
  );
}

export default function Calendar() {
  const d = useLoaderData<typeof loader>();
  const unit = d.view === "month" ? "month" : "week";
  return (
    <>
      <span className="nhsuk-caption-l">{d.person.name}</span>
      <h1>Calendar</h1>
      <RotaNav links={d.links} current="calendar" name={d.person.name} />
      <p>
        {d.view === "month" ? (
          <>
            <strong>Month</strong> | <a href={d.weekHref}>Week</a>
          </>
        ) : (
          <>
            <a href={d.monthHref}>Month</a> | <strong>Week</strong>
          </>
        )}{" "}
        | <a href={d.todayHref}>Today</a>
      </p>
      <nav className="nhsuk-pagination" role="navigation" aria-label={`${unit === "month" ? "Months" : "Weeks"}`}>
        <ul className="nhsuk-list nhsuk-pagination__list">
          <li className="nhsuk-pagination-item--previous">
            <a className="nhsuk-pagination__link nhsuk-pagination__link--prev" href={d.previousHref}>
              <span className="nhsuk-pagination__title">Previous {unit}</span>
            </a>
          </li>
          <li className="nhsuk-pagination-item--next">
            <a className="nhsuk-pagination__link nhsuk-pagination__link--next" href={d.nextHref}>
              <span className="nhsuk-pagination__title">Next {unit}</span>
            </a>
          </li>
        </ul>
      </nav>
      {/* Scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it (WCAG 2.1.1). */}
      <div className="app-calendar" role="region" aria-label={`Calendar, ${d.title}`} tabIndex={0}>
        {d.view === "month" ? (
          <table className="nhsuk-table">
            <caption className="nhsuk-table__caption nhsuk-table__caption--m">{d.title}</caption>
            <thead className="nhsuk-table__head">
              <tr>
                {WEEKDAY_HEADERS.map(([short, long]) => (
                  <th scope="col" key={short} abbr={long}>
                    <span aria-hidden="true">{short}</span>
                    <span className="nhsuk-u-visually-hidden">{long}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="nhsuk-table__body">
              {d.weeks.map((week) => (
                <tr key={week[0].date}>
                  {week.map((day) => (
                    <td
                      key={day.date}
                      className={[day.inView ? "" : "app-calendar__other-month", day.isToday ? "app-calendar__today" : ""].filter(Boolean).join(" ") || undefined}
                      aria-current={day.isToday ? "date" : undefined}
                    >
                      <span className="app-calendar__date">
                        <span aria-hidden="true">{day.dayOfMonth}</span>
                        <span className="nhsuk-u-visually-hidden">{day.label}</span>
                        {day.isToday ? <span className="nhsuk-u-visually-hidden"> (today)</span> : null}
                      </span>
                      <DayContents day={day} roomBase={d.roomBase} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <table className="nhsuk-table">
            <caption className="nhsuk-table__caption nhsuk-table__caption--m">{d.title}</caption>
            <thead className="nhsuk-table__head">
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Calendar</th>
              </tr>
            </thead>
            <tbody className="nhsuk-table__body">
              {d.weeks[0].map((day) => (
                <tr key={day.date} className={day.isToday ? "app-calendar__today" : undefined} aria-current={day.isToday ? "date" : undefined}>
                  <th scope="row" className="nhsuk-table__header">
                    {day.label}
                    {day.isToday ? " (today)" : null}
                  </th>
                  <td className="nhsuk-table__cell">
                    <DayContents day={day} roomBase={d.roomBase} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </>
  );
}
