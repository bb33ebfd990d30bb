/**
 * /{practice_code}/availability/{staff_member_id} (spec 3 §2; gp, receptionist or practice admin
 * of the practice): a GP's or receptionist's weekly working pattern, up to two sessions a
 * weekday (decision 0097), in UK time. Saving replaces the pattern and is audited.
 */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TextInput } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { RotaNav } from "~/components/rota/RotaNav";
import { Table } from "~/components/Table";
import { daySummary, fieldName, PATTERN_MESSAGES, patternFormValues, PatternSchema, SESSIONS, WEEKDAY_LABELS, WEEKDAYS } from "~/domain/rota/availability";
import { readPatternOf, savePattern } from "~/domain/rota/rota.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { requireRotaPerson, rotaLinks } from "~/web/rota/rota.server";

export const handle = { title: "Working pattern" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, person } = await requireRotaPerson(request, context, params);
  const pattern = await readPatternOf(context.db, practice.id, person.id);
  return json({
    person,
    practiceName: practice.name,
    links: rotaLinks(practice.urlCode, person.id),
    days: WEEKDAYS.map((day) => ({ label: WEEKDAY_LABELS[day], summary: daySummary(pattern, day) })),
    values: patternFormValues(pattern),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice, person } = await requireRotaPerson(request, context, params);
  const submission = parseWithZod(await request.formData(), { schema: PatternSchema });
  if (submission.status !== "success") return formRejected(submission);
  await savePattern(context, { userId: viewer.userId }, practice.id, person.id, submission.value);
  return redirectWithFlash(request, context, `/${practice.urlCode}/availability/${person.id}`, { kind: "success", text: PATTERN_MESSAGES.saved });
}

const SESSION_LABELS = { 1: "First session", 2: "Second session" } as const;

export default function Availability() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(PatternSchema, { lastResult: actionData?.lastResult, defaultValue: d.values });
  const all = WEEKDAYS.flatMap((day) => SESSIONS.flatMap((s) => [fields[fieldName(day, s, "Start")], fields[fieldName(day, s, "End")]]));
  return (
    <>
      <ErrorSummary errors={summaryErrors(all)} />
      <span className="nhsuk-caption-l">{d.person.name}</span>
      <h1>Working pattern</h1>
      <RotaNav links={d.links} current="availability" name={d.person.name} />
      <Table caption={`Working pattern of ${d.person.name}`} captionSize="m" columns={["Day", "Sessions"]}>
        {d.days.map((day) => (
          <tr className="nhsuk-table__row" key={day.label}>
            <th scope="row" className="nhsuk-table__header">
              {day.label}
            </th>
            <td className="nhsuk-table__cell">{day.summary || "Not working"}</td>
          </tr>
        ))}
      </Table>
      <h2>Change the working pattern</h2>
      <p>Times are UK time, on the 24-hour clock (for example 08:30 or 13:45). Leave a day empty if {d.person.name} does not work that day.</p>
      <PostForm {...getFormProps(form)} noValidate>
        {WEEKDAYS.map((day) => (
          <fieldset className="nhsuk-fieldset nhsuk-u-margin-bottom-4" key={day}>
            <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--m">{WEEKDAY_LABELS[day]}</legend>
            <div className="nhsuk-grid-row">
              {SESSIONS.flatMap((s) =>
                (["Start", "End"] as const).map((edge) => (
                  <div className="nhsuk-grid-column-one-quarter" key={`${s}${edge}`}>
                    <TextInput
                      meta={fields[fieldName(day, s, edge)]}
                      label={
                        <>
                          {SESSION_LABELS[s]} {edge === "Start" ? "starts" : "ends"}
                          <span className="nhsuk-u-visually-hidden"> on {WEEKDAY_LABELS[day]}</span>
                        </>
                      }
                      width={5}
                      autoComplete="off"
                    />
                  </div>
                )),
              )}
            </div>
          </fieldset>
        ))}
        <Button>Save working pattern</Button>
      </PostForm>
    </>
  );
}
