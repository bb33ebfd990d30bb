import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TextInput } from "~/components/accounts/ConformFields";
import { Checkbox } from "~/components/admin/AdminKit";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { GlobalSettingsSchema } from "~/domain/admin/global-settings";
import { getEditableSettings, updateGlobalSettings } from "~/domain/admin/global-settings.server";
import { DEFAULT_MAINTENANCE_MESSAGE } from "~/domain/admin/maintenance";
import { admin } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";

/** /admin/settings (decision 0076): the global settings, including video for all and maintenance mode. */
export const handle = { title: "Global settings" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context, [admin]);
  return json({ settings: await getEditableSettings(context.db) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = await requireViewer(request, context, [admin]);
  const submission = parseWithZod(await request.formData(), { schema: GlobalSettingsSchema });
  if (submission.status !== "success") return formRejected(submission);
  const changes = await updateGlobalSettings(context.db, context.clock, viewer.userId, submission.value);
  const count = Object.keys(changes).length;
  return redirectWithFlash(request, context, "/admin/settings", {
    kind: count ? "success" : "info",
    text: count ? "Global settings saved." : "Nothing has changed.",
  });
}

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

export default function GlobalSettings() {
  const { settings } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(GlobalSettingsSchema, {
    lastResult: actionData?.lastResult ?? undefined,
    defaultValue: {
      maximumPatientAge: String(settings.maximumPatientAge),
      allowedTimeStart: settings.allowedTimeStart ?? "",
      allowedTimeEnd: settings.allowedTimeEnd ?? "",
      healthHubUrl: settings.healthHubUrl ?? "",
      patientLicenceUrl: settings.patientLicenceUrl ?? "",
      staffLicenceUrl: settings.staffLicenceUrl ?? "",
      researchProjectsUrl: settings.researchProjectsUrl ?? "",
      maintenanceMessage: settings.maintenanceMessage ?? "",
    } as Record<string, string>,
  });
  const f = fields as unknown as Record<string, Meta>;
  const order = ["maximumPatientAge", "allowedTimeStart", "allowedTimeEnd", "healthHubUrl", "patientLicenceUrl", "staffLicenceUrl", "researchProjectsUrl", "maintenanceMessage"];
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={summaryErrors(order.map((k) => f[k]))} />
        <a className="nhsuk-back-link" href="/admin">
          Back to admin
        </a>
        <h1>Global settings</h1>
        {settings.maintenanceMode ? (
          <div className="nhsuk-warning-callout">
            <h2 className="nhsuk-warning-callout__label">
              <span role="text">
                <span className="nhsuk-u-visually-hidden">Important: </span>
                Maintenance mode is on
              </span>
            </h2>
            <p>Only system administrators can use the service. Everyone else sees the maintenance page.</p>
          </div>
        ) : null}
        <PostForm {...getFormProps(form)} noValidate>
          <h2>Video consultations</h2>
          <div className="nhsuk-form-group">
            <div className="nhsuk-checkboxes">
              <Checkbox id="videoEnabled" name="videoEnabled" label="Video consultations on for all practices" hint="Untick to switch video off everywhere, whatever each practice has chosen." defaultChecked={settings.videoEnabled} />
            </div>
          </div>

          <h2>Requests</h2>
          <TextInput meta={f.maximumPatientAge} label="Maximum patient age" hint="Dates of birth giving an older age are refused." width={3} inputMode="numeric" />
          <fieldset className="nhsuk-fieldset">
            <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">Times requests are accepted (optional)</legend>
            <div className="nhsuk-hint">UK time, HH:mm. Leave both empty to accept requests at any time.</div>
            <TextInput meta={f.allowedTimeStart} label="From" width={5} inputMode="numeric" autoComplete="off" />
            <TextInput meta={f.allowedTimeEnd} label="Until" width={5} inputMode="numeric" autoComplete="off" />
          </fieldset>

          <h2>Links</h2>
          <TextInput meta={f.healthHubUrl} label="Health hub web address" hint="Home in the public menu, and where people go after signing out." type="text" inputMode="text" optional spellCheck={false} />
          <TextInput meta={f.patientLicenceUrl} label="Patient end-user licence web address" optional spellCheck={false} />
          <TextInput meta={f.staffLicenceUrl} label="Staff licence web address" optional spellCheck={false} />
          <TextInput meta={f.researchProjectsUrl} label="Research projects web address" optional spellCheck={false} />

          <h2>Maintenance mode</h2>
          <p>
            While maintenance mode is on, everyone except system administrators gets the maintenance page. Sign-in stays open so a system
            administrator can sign in and turn it off.
          </p>
          <div className="nhsuk-form-group">
            <div className="nhsuk-checkboxes">
              <Checkbox id="maintenanceMode" name="maintenanceMode" label="Maintenance mode on" defaultChecked={settings.maintenanceMode} />
            </div>
          </div>
          <TextInput meta={f.maintenanceMessage} label="Message on the maintenance page" hint={`If empty: "${DEFAULT_MAINTENANCE_MESSAGE}"`} optional />
          <Button>Save settings</Button>
        </PostForm>
      </div>
    </div>
  );
}
