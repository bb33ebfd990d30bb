/**
 * /{practice_code}/leave/{staff_member_id}/{leave_id}: change one period of a person's leave
 * (same rules as recording it: overlaps refused, the cover one of the practice's staff). Audited.
 */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { FormPage } from "~/components/FormPage";
import { useNhsForm } from "~/components/forms";
import { LeaveFields, leaveSummaryErrors } from "~/components/rota/LeaveFields";
import { NotFound } from "~/domain/outcomes";
import { leaveFormValues, LEAVE_MESSAGES, LeaveSchema } from "~/domain/rota/leave";
import { leaveAt, possibleCovers, saveLeave } from "~/domain/rota/rota.server";
import { parseId } from "~/validation/ids";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { requireRotaPerson, rotaLinks } from "~/web/rota/rota.server";

export const handle = { title: "Change leave" };

function leaveIdOf(params: { leaveId?: string }) {
  const id = parseId(params.leaveId);
  if (!id) throw new NotFound();
  return id;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, person } = await requireRotaPerson(request, context, params);
  const leave = await leaveAt(context.db, practice.id, person.id, leaveIdOf(params));
  const covers = await possibleCovers(context.db, practice.id, person.id);
  return json({
    person,
    links: rotaLinks(practice.urlCode, person.id),
    covers: covers.map((c) => ({ id: c.id, name: `${c.firstName} ${c.lastName}` })),
    values: leaveFormValues(leave),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice, person } = await requireRotaPerson(request, context, params);
  const leaveId = leaveIdOf(params);
  await leaveAt(context.db, practice.id, person.id, leaveId);
  const submission = parseWithZod(await request.formData(), { schema: LeaveSchema });
  if (submission.status !== "success") return formRejected(submission);
  const result = await saveLeave(context, { userId: viewer.userId }, practice.id, person.id, submission.value, leaveId);
  if (result.status === "invalid") return formRejected(submission, { fieldErrors: { [result.field === "start" ? "start.day" : "cover"]: [result.message] } });
  return redirectWithFlash(request, context, `/${practice.urlCode}/leave/${person.id}`, { kind: "success", text: LEAVE_MESSAGES.updated });
}

export default function ChangeLeave() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(LeaveSchema, { lastResult: actionData?.lastResult, defaultValue: d.values });
  return (
    <FormPage title="Change leave" caption={d.person.name} errors={leaveSummaryErrors(fields, form.errors)} back={{ href: d.links.leave }}>
      <PostForm {...getFormProps(form)} noValidate>
        <LeaveFields fields={fields} covers={d.covers} />
        <Button>Save changes</Button>
      </PostForm>
    </FormPage>
  );
}
