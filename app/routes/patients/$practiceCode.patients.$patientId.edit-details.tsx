import { formRejected } from "~/web/forms.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PatientDetailsPage } from "~/components/patients/PatientDetailsPage";
import { dateOfBirthOptions } from "~/web/accounts/registration.server";
import { redirectWithFlash } from "~/web/flash.server";
import { detailsOf, updatePatientDetails } from "~/domain/patients/patient-directory.server";
import { PATIENT_FORM_MESSAGES, PATIENT_UPDATED_MESSAGE, patientDetailsSchema } from "~/domain/patients/patient-forms";
import { auditPatient, requirePatientStaff, requirePracticePatient } from "~/web/patients/patient-staff.server";

export const handle = { title: "Edit patient details" };

/** /{code}/patients/{id}/edit-details: staff correct the practice's record of a patient. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = await requirePatientStaff(request, context, params.practiceCode);
  const patient = await requirePracticePatient(context, staff.practice, params.patientId);
  await auditPatient(context, staff, "patient.view", patient.id, { page: "edit-details" });
  const { maximumPatientAge } = await dateOfBirthOptions(context);
  return json({
    code: staff.practice.urlCode,
    id: patient.id,
    name: `${patient.firstName} ${patient.lastName}`,
    details: detailsOf(patient),
    maximumPatientAge,
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const staff = await requirePatientStaff(request, context, params.practiceCode);
  const patient = await requirePracticePatient(context, staff.practice, params.patientId);
  const submission = parseWithZod(await request.formData(), { schema: patientDetailsSchema(await dateOfBirthOptions(context)) });
  if (submission.status !== "success") return formRejected(submission);
  const result = await updatePatientDetails(context.db, staff.practice.id, patient, submission.value, context.clock.now());
  if (result.status === "nhs_number_taken") {
    return formRejected(submission, { fieldErrors: { nhsNumber: [PATIENT_FORM_MESSAGES.nhsNumberTaken] } });
  }
  await auditPatient(context, staff, "patient.update", patient.id, { fields: result.value.join(",") });
  return redirectWithFlash(request, context, `/${staff.practice.urlCode}/patients/${patient.id}`, { kind: "success", text: PATIENT_UPDATED_MESSAGE });
}

export default function EditPatientDetails() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <PatientDetailsPage
      title="Edit patient details"
      caption={data.name}
      backHref={`/${data.code}/patients/${data.id}`}
      backText="Back to patient"
      submitText="Save details"
      defaultValue={data.details}
      maximumPatientAge={data.maximumPatientAge}
      lastResult={actionData?.lastResult}
    />
  );
}
