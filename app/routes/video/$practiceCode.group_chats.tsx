/**
 * /{practice_code}/group_chats (spec 3 §2; gp, receptionist or practice admin where the practice
 * has group video, group_chat_setting, and the global video setting): the practice's group video
 * calls, and the form that sets one up with several staff and patients (decision 0123). The
 * patients are e-mailed the link; they sign in to join.
 */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Textarea, TextInput } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button, ErrorMessage } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { Table } from "~/components/Table";
import { formatLondonDateTime, londonDate } from "~/domain/time/london";
import { GROUP_MESSAGES, GROUP_STATUS_LABELS, GROUP_STATUS_TAGS, groupChatSchema, groupCreatedMessage, groupStatus, MAX_GROUP_MEMBERS } from "~/domain/video/group";
import { createGroupChat, groupStaffChoices, listGroupChats } from "~/domain/video/group.server";
import { formatDate } from "~/validation/dates";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { requestOrigin } from "~/web/origin";
import { requireGroupVideoStaff } from "~/web/video/video.server";

export const handle = { title: "Group video calls" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice } = await requireGroupVideoStaff(request, context, params.practiceCode);
  const now = context.clock.now();
  const [rows, staff] = await Promise.all([listGroupChats(context.db, practice.id, now), groupStaffChoices(context.db, practice.id)]);
  return json({
    code: practice.urlCode,
    today: formatDate(londonDate(now)),
    staff: staff.map((s) => ({ value: String(s.id), label: `${s.firstName} ${s.lastName}` })),
    rows: rows.map((r) => ({ id: r.id, title: r.title, when: formatLondonDateTime(r.scheduledFor), members: r.members, status: groupStatus(r) })),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice } = await requireGroupVideoStaff(request, context, params.practiceCode);
  const submission = parseWithZod(await request.formData(), { schema: groupChatSchema(context.clock.now()) });
  if (submission.status !== "success") return formRejected(submission);
  const result = await createGroupChat(context, { userId: viewer.userId }, practice, submission.value, requestOrigin(request));
  if (result.status === "invalid") return formRejected(submission, { fieldErrors: { [result.field]: [result.message] } });
  return redirectWithFlash(request, context, `/${practice.urlCode}/group_chat/video/${result.id}`, { kind: "success", text: groupCreatedMessage(submission.value.nhsNumbers.length, result.refusedNhsNumbers) });
}

export default function GroupChats() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(groupChatSchema(new Date()), { lastResult: actionData?.lastResult, defaultValue: { date: d.today } });
  const errors = summaryErrors([fields.title, fields.date, fields.time, fields.staff, fields.patients]);
  const staffError = fields.staff.errors?.[0];
  const chosen = new Set([fields.staff.initialValue].flat().filter((v): v is string => typeof v === "string"));
  return (
    <>
      <ErrorSummary errors={errors} />
      <h1>Group video calls</h1>
      {d.rows.length === 0 ? (
        <p>No group video calls from yesterday on.</p>
      ) : (
        <Table caption="Group video calls" columns={["Date and time", "Title", "People", "Status", { hidden: "Actions" }]}>
          {d.rows.map((r) => (
            <tr className="nhsuk-table__row" key={r.id}>
              <td className="nhsuk-table__cell">{r.when}</td>
              <td className="nhsuk-table__cell">{r.title}</td>
              <td className="nhsuk-table__cell">{r.members}</td>
              <td className="nhsuk-table__cell">
                <strong className={`nhsuk-tag ${GROUP_STATUS_TAGS[r.status]}`}>{GROUP_STATUS_LABELS[r.status]}</strong>
              </td>
              <td className="nhsuk-table__cell">
                <a href={`/${d.code}/group_chat/video/${r.id}`}>
                  Open<span className="nhsuk-u-visually-hidden"> {r.title}, {r.when}</span>
                </a>
              </td>
            </tr>
          ))}
        </Table>
      )}

      <h2>Set up a group video call</h2>
      <p>Up to {MAX_GROUP_MEMBERS} people, staff and patients together. Patients need an account: they are e-mailed the link and sign in to join.</p>
      <PostForm {...getFormProps(form)} noValidate>
        <TextInput meta={fields.title} label="Title" hint="Patients see it, for example: Diabetes education group" autoComplete="off" />
        <TextInput meta={fields.date} label="Date" hint="For example, 27/11/2026" width={10} autoComplete="off" />
        <TextInput meta={fields.time} label="Time" hint="24-hour clock, UK time, for example 14:30" width={5} autoComplete="off" />
        <div className={`nhsuk-form-group${staffError ? " nhsuk-form-group--error" : ""}`}>
          <fieldset className="nhsuk-fieldset" aria-describedby={staffError ? fields.staff.errorId : undefined}>
            <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">Staff</legend>
            <ErrorMessage id={fields.staff.errorId} message={staffError} />
            <div className="nhsuk-checkboxes">
              {d.staff.map((s, i) => {
                const id = i === 0 ? fields.staff.id : `${fields.staff.id}-${s.value}`;
                return (
                  <div className="nhsuk-checkboxes__item" key={s.value}>
                    <input className="nhsuk-checkboxes__input" id={id} aria-invalid={staffError ? true : undefined} name={fields.staff.name} type="checkbox" value={s.value} defaultChecked={chosen.has(s.value)} />
                    <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={id}>
                      {s.label}
                    </label>
                  </div>
                );
              })}
            </div>
          </fieldset>
        </div>
        <Textarea meta={fields.patients} label="Patients' NHS numbers" hint="One per line, 10 digits each, for example 485 777 3456" />
        <Button>Set up group video call</Button>
      </PostForm>
    </>
  );
}
