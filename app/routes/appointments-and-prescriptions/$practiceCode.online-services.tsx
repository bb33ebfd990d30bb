import { formRejected } from "~/web/forms.server";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TextInput } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { UnlinkConfirmation } from "~/components/online-services/Confirmations";
import { DialogLink } from "~/components/DialogLink";
import { ProblemPanel } from "~/components/online-services/Panels";
import { linkLabels } from "~/domain/gp-system/flavour";
import { redirectWithFlash } from "~/web/flash.server";
import { requireOnlineServices } from "~/web/online-services/access.server";
import { failureMessage } from "~/domain/online-services/errors.server";
import { linkSchema } from "~/domain/online-services/forms";
import { ONLINE_SERVICES } from "~/domain/online-services/messages";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Online services", hydrate: false } satisfies PageHandle;

/** /{practice_code}/online-services (spec 2 §2.7): the link form, or the link and Unlink. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireOnlineServices(request, context, { feature: "linkage", practiceCode: params.practiceCode });
  const status = await context.gpSystem.linkStatus(access.patient);
  let state: "linked" | "unlinked" | "reset" = "unlinked";
  let failure: string | null = null;
  if (status.ok) state = status.value.linked ? "linked" : "unlinked";
  else if (status.error.kind === "linkage_reset") state = "reset";
  else if (status.error.kind !== "not_linked") failure = failureMessage(status.error, "link-status").message;
  return json(
    {
      practiceCode: access.practice.urlCode,
      flavour: access.flavour,
      state,
      failure,
      appointments: access.practice.appointmentsEnabled,
      prescriptions: access.practice.prescriptionsEnabled,
    },
    { status: failure ? 503 : 200 },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const access = await requireOnlineServices(request, context, { feature: "linkage", practiceCode: params.practiceCode });
  const submission = parseWithZod(await request.formData(), { schema: linkSchema(access.flavour) });
  if (submission.status !== "success") return formRejected(submission);
  const result = await context.gpSystem.link(access.patient, submission.value);
  if (!result.ok) {
    const failure = failureMessage(result.error, "link");
    return json({ lastResult: submission.reply({ formErrors: [failure.message] }) }, { status: failure.status });
  }
  return redirectWithFlash(request, context, `/${access.practice.urlCode}/online-services`, { kind: "success", text: ONLINE_SERVICES.linked });
}

function LinkForm({ flavour }: { flavour: "tpp" | "emis" }) {
  const actionData = useActionData<typeof action>();
  const schema = linkSchema(flavour);
  const labels = linkLabels(flavour);
  const [form, fields] = useNhsForm(schema, {
    id: "link-account",
    lastResult: actionData?.lastResult,
  });
  const errors = summaryErrors([fields.accountId, fields.linkageKey, fields.unitId], form.errors);
  return (
    <>
      <ErrorSummary errors={errors} />
      <h2>Link your account</h2>
      <p>Enter the online services registration details your GP practice gave you.</p>
      <PostForm {...getFormProps(form)}>
        <TextInput meta={fields.accountId} label={labels.accountId} width={20} autoComplete="off" spellCheck={false} />
        <TextInput meta={fields.linkageKey} label={labels.linkageKey} width={20} autoComplete="off" spellCheck={false} />
        <TextInput meta={fields.unitId} label={labels.unitId} width={10} autoComplete="off" spellCheck={false} />
        <Button>Link account</Button>
      </PostForm>
    </>
  );
}

export default function OnlineServices() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        {data.failure ? <ProblemPanel message={data.failure} /> : null}
        <h1>Online services</h1>
        <p>
          Linking your GP online services account makes it easier to order your repeat medication and book appointments with your practice.
        </p>
        {data.failure ? null : data.state === "linked" ? (
          <>
            <p>Your account is linked to online services.</p>
            <ul className="nhsuk-list">
              {data.appointments ? (
                <li>
                  <a className="nhsuk-link" href="/appointments">
                    Book an appointment
                  </a>
                </li>
              ) : null}
              {data.prescriptions ? (
                <li>
                  <a className="nhsuk-link" href="/prescriptions">
                    Order repeat medication
                  </a>
                </li>
              ) : null}
            </ul>
            <DialogLink
              id="unlink-dialog"
              href={`/${data.practiceCode}/online-services/unlink`}
              className="nhsuk-button nhsuk-button--secondary"
              labelledBy="unlink-title"
              dialog={<UnlinkConfirmation practiceCode={data.practiceCode} inDialog />}
            >
              Unlink account
            </DialogLink>
          </>
        ) : (
          <>
            {data.state === "reset" ? (
              <div className="nhsuk-warning-callout">
                <h2 className="nhsuk-warning-callout__label">
                  <span role="text">
                    <span className="nhsuk-u-visually-hidden">Important: </span>
                    {ONLINE_SERVICES.linkResetTitle}
                  </span>
                </h2>
                <p>Your practice has reset your online services link. Ask your practice for a new linkage key and enter it below.</p>
              </div>
            ) : null}
            <LinkForm flavour={data.flavour} />
          </>
        )}
      </div>
    </div>
  );
}
