import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TextInput } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { FormPage } from "~/components/FormPage";
import { summaryErrors, useNhsForm } from "~/components/forms";
import type { AppContext } from "~/context.server";
import { noGPNoGuestAccount } from "~/domain/auth/guards";
import { MY_DETAILS_MESSAGES, MyDetailsSchema } from "~/domain/patients/my-details";
import { myPatientRecord, updateMyDetails } from "~/domain/patients/my-details.server";
import { formatDate } from "~/validation/dates";
import { permissionDeniedPath, requireViewer } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { notFound } from "~/web/responses.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Change my details", hydrate: false } satisfies PageHandle;

/**
 * /{code}/change-my-details (spec 2 §2.1): the patient's own record at the practice. Contact
 * details and address change at once (UK phone and mobile rules, spec 2 §5); a new name or date
 * of birth goes to the practice as an admin request, which staff check (decision 0102).
 */
async function guard(request: Request, context: AppContext, practiceCode: string | undefined) {
  const { viewer, practice } = await requireViewer(request, context, [noGPNoGuestAccount], { practiceCode });
  if (!practice) throw notFound();
  const record = await myPatientRecord(context.db, viewer.userId, practice.id);
  if (!record) throw redirect(permissionDeniedPath(undefined, practice.urlCode));
  return { viewer, practice, record };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, record } = await guard(request, context, params.practiceCode);
  return json({
    practiceName: practice.name,
    name: `${record.firstName} ${record.lastName}`,
    dateOfBirth: formatDate(record.dateOfBirth),
    email: record.email,
    adminRequestHref: `/${practice.urlCode}/message/myself/admin`,
    values: { mobile: record.mobile ?? "", phone: record.phone ?? "", addressLine1: record.addressLine1 ?? "", town: record.town ?? "", postcode: record.postcode ?? "" },
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice, record } = await guard(request, context, params.practiceCode);
  const submission = parseWithZod(await request.formData(), { schema: MyDetailsSchema });
  if (submission.status !== "success") return formRejected(submission);
  await updateMyDetails(context, { userId: viewer.userId, patientId: record.id, practiceId: practice.id, details: submission.value });
  return redirectWithFlash(request, context, `/${practice.urlCode}/change-my-details`, { kind: "success", text: MY_DETAILS_MESSAGES.saved });
}

export default function ChangeMyDetails() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(MyDetailsSchema, { lastResult: actionData?.lastResult, defaultValue: data.values });
  const errors = summaryErrors([fields.mobile, fields.phone, fields.addressLine1, fields.town, fields.postcode]);
  return (
    <FormPage title="Change my details" caption={data.practiceName} errors={errors}>
      <dl className="nhsuk-summary-list">
        <div className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">Name</dt>
          <dd className="nhsuk-summary-list__value">{data.name}</dd>
        </div>
        <div className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">Date of birth</dt>
          <dd className="nhsuk-summary-list__value">{data.dateOfBirth}</dd>
        </div>
      </dl>
      <div className="nhsuk-inset-text">
        <span className="nhsuk-u-visually-hidden">Information: </span>
        <p>
          {data.practiceName} must check a change of name or date of birth. <a href={data.adminRequestHref}>Send them an admin request</a> saying
          what has changed.
        </p>
      </div>
      <h2 className="nhsuk-heading-m">Contact details and address</h2>
      <p>These change as soon as you save them.</p>
      <PostForm {...getFormProps(form)} noValidate>
        <TextInput meta={fields.mobile} label="Mobile phone number" optional type="tel" hint="For example, 07700 900 123" autoComplete="tel" width={20} />
        <TextInput meta={fields.phone} label="Other phone number" optional type="tel" hint="For example, 0113 496 0000" autoComplete="tel" width={20} />
        <TextInput meta={fields.addressLine1} label="Address" optional autoComplete="address-line1" />
        <TextInput meta={fields.town} label="Town or city" optional autoComplete="address-level2" width={20} />
        <TextInput meta={fields.postcode} label="Postcode" optional autoComplete="postal-code" width={10} />
        <Button>Save changes</Button>
      </PostForm>
    </FormPage>
  );
}
