/**
 * /{practice_code}/leave/{staff_member_id} (spec 3 §2; gp, receptionist or practice admin of the
 * practice): a GP's or receptionist's leave and out-of-office (whole UK dates, first and last day
 * included), who covers them, and the form that records more. Each period has its own change
 * page and cancel confirmation. Overlapping periods are refused (decision 0098); changes audited.
 */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { useNhsForm } from "~/components/forms";
import { LeaveFields, leaveSummaryErrors } from "~/components/rota/LeaveFields";
import { RotaNav } from "~/components/rota/RotaNav";
import { Table } from "~/components/Table";
import { LEAVE_KIND_LABELS, LEAVE_MESSAGES, LeaveSchema } from "~/domain/rota/leave";
import { leaveOf, possibleCovers, saveLeave } from "~/domain/rota/rota.server";
import { londonDate } from "~/domain/time/london";
import { formatDate } from "~/validation/dates";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { requireRotaPerson, rotaLinks } from "~/web/rota/rota.server";

export const handle = { title: "Leave and out of office" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, person } = await requireRotaPerson(request, context, params);
  const today = londonDate(context.clock.now());
  const [leave, covers] = await Promise.all([leaveOf(context.db, practice.id, person.id, today), possibleCovers(context.db, practice.id, person.id)]);
  const names = new Map(covers.map((c) => [c.id, `${c.firstName} ${c.lastName}`]));
  return json({
    person,
    links: rotaLinks(practice.urlCode, person.id),
    covers: covers.map((c) => ({ id: c.id, name: `${c.firstName} ${c.lastName}` })),
    rows: leave.map((l) => ({
      id: l.id,
      kind: LEAVE_KIND_LABELS[l.kind],
      from: formatDate(l.startDate),
      to: formatDate(l.endDate),
      now: l.startDate <= today,
      cover: l.coverUserId ? (names.get(l.coverUserId) ?? "A former member of staff") : "Nobody",
      note: l.note,
    })),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice, person } = await requireRotaPerson(request, context, params);
  const submission = parseWithZod(await request.formData(), { schema: LeaveSchema });
  if (submission.status !== "success") return formRejected(submission);
  const result = await saveLeave(context, { userId: viewer.userId }, practice.id, person.id, submission.value);
  if (result.status === "invalid") return formRejected(submission, { fieldErrors: { [result.field === "start" ? "start.day" : "cover"]: [result.message] } });
  return redirectWithFlash(request, context, `/${practice.urlCode}/leave/${person.id}`, { kind: "success", text: LEAVE_MESSAGES.added });
}

export default function Leave() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(LeaveSchema, { lastResult: actionData?.lastResult, defaultValue: { kind: "leave" } });
  return (
    <>
      <ErrorSummary errors={leaveSummaryErrors(fields, form.errors)} />
      <span className="nhsuk-caption-l">{d.person.name}</span>
      <h1>Leave and out of office</h1>
      <RotaNav links={d.links} current="leave" name={d.person.name} />
      <h2>Current and upcoming</h2>
      {d.rows.length === 0 ? (
        <p>No leave or out of office recorded from today on.</p>
      ) : (
        <Table caption={`Leave and out of office of ${d.person.name}`} columns={["Type", "First day", "Last day", "Who covers", "Note", { hidden: "Actions" }]}>
          {d.rows.map((r) => (
            <tr className="nhsuk-table__row" key={r.id}>
              <td className="nhsuk-table__cell">
                {r.kind}
                {r.now ? <strong className="nhsuk-tag nhsuk-tag--blue nhsuk-u-margin-left-2">Now</strong> : null}
              </td>
              <td className="nhsuk-table__cell">{r.from}</td>
              <td className="nhsuk-table__cell">{r.to}</td>
              <td className="nhsuk-table__cell">{r.cover}</td>
              <td className="nhsuk-table__cell">{r.note ?? "No information provided"}</td>
              <td className="nhsuk-table__cell">
                <a href={`${d.links.leave}/${r.id}`}>
                  Change<span className="nhsuk-u-visually-hidden"> the {r.kind.toLowerCase()} from {r.from} to {r.to}</span>
                </a>{" "}
                <a href={`${d.links.leave}/${r.id}/cancel`}>
                  Cancel<span className="nhsuk-u-visually-hidden"> the {r.kind.toLowerCase()} from {r.from} to {r.to}</span>
                </a>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <h2>Record leave or out of office</h2>
      <PostForm {...getFormProps(form)} noValidate>
        <LeaveFields fields={fields} covers={d.covers} />
        <Button>Record leave</Button>
      </PostForm>
    </>
  );
}
