import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { Radios } from "~/components/accounts/ConformFields";
import { gp_or_reception } from "~/domain/auth/guards";
import { SsoSetupSchema, TabSettingSchema } from "~/domain/integrations/forms";
import { resetSsoCredential, saveToolbarTabSetting, setUpSsoCredential, ssoCredentialMadeAt, toolbarTabSetting } from "~/domain/integrations/sso.server";
import { SSO_MESSAGES } from "~/domain/integrations/sso-token";
import { requireViewer } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { notFound } from "~/web/responses.server";
import { formatDate } from "~/validation/dates";

/**
 * /sso/{code}/setup (gp or receptionist at the practice; spec 3 §2, decision 0115): the single
 * sign-on setup (when the practice's sso_setting is on) and the toolbar tab setting (when its
 * tabs_setting is on). Setting up SSO shows the toolbar's API key and signing key once.
 */
export const handle = { title: "Toolbar settings" };

async function requireStaff(request: Request, context: ActionFunctionArgs["context"], code: string | undefined) {
  const { viewer, practice } = await requireViewer(request, context, [gp_or_reception], { practiceCode: code ?? "" });
  if (!practice) throw notFound();
  return { viewer, practice };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { viewer, practice } = await requireStaff(request, context, params.practiceCode);
  const [madeAt, tabs] = await Promise.all([
    practice.ssoSetting ? ssoCredentialMadeAt(context.db, viewer.userId, practice.id) : null,
    practice.tabsSetting ? toolbarTabSetting(context.db, viewer.userId, practice.id) : null,
  ]);
  return json({
    productName: context.config.productName,
    code: practice.urlCode,
    practiceName: practice.name,
    sso: practice.ssoSetting ? { madeAt: madeAt ? formatDate(madeAt.toISOString().slice(0, 10)) : null } : null,
    tabs: practice.tabsSetting ? { enabled: tabs ? "true" : "false" } : null,
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice } = await requireStaff(request, context, params.practiceCode);
  const formData = await request.formData();
  const here = `/sso/${practice.urlCode}/setup`;
  if (formData.get("intent") === "tabs") {
    const submission = parseWithZod(formData, { schema: TabSettingSchema });
    if (submission.status !== "success") return formRejected(submission);
    if (!practice.tabsSetting) return json({ toast: "Failed!", message: SSO_MESSAGES.setup, credential: null }, { status: 400 });
    await saveToolbarTabSetting(context, { userId: viewer.userId, practiceId: practice.id, enabled: submission.value.enabled === "true" });
    return redirectWithFlash(request, context, here, { kind: "success", text: SSO_MESSAGES.tabsSaved });
  }
  const submission = parseWithZod(formData, { schema: SsoSetupSchema });
  if (submission.status !== "success" || !practice.ssoSetting) {
    return json({ toast: "Failed!", message: SSO_MESSAGES.setup, credential: null }, { status: 400 });
  }
  if (submission.value.intent === "reset") {
    await resetSsoCredential(context, { userId: viewer.userId, practiceId: practice.id });
    return redirectWithFlash(request, context, here, { kind: "success", text: "Success! The toolbar's single sign-on was reset." });
  }
  const credential = await setUpSsoCredential(context, { userId: viewer.userId, practiceId: practice.id });
  // Shown once, in this answer only: the keys are not kept in a readable form.
  return json({ toast: "Success!", message: null, credential }, { headers: { "Cache-Control": "no-store" } });
}

type ActionData = { toast: string; message: string | null; credential: { apiKey: string; signingKey: string } | null } | { lastResult: unknown };

export default function SsoSetup() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const outcome = result && "toast" in result ? result : null;
  const [form, fields] = useNhsForm(TabSettingSchema, {
    lastResult: result && "lastResult" in result ? (result.lastResult as never) : undefined,
    defaultValue: { intent: "tabs", enabled: data.tabs?.enabled ?? "false" },
  });
  const errors = summaryErrors([{ id: fields.enabled.id, errors: fields.enabled.errors }]);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={errors} />
        <span className="nhsuk-caption-l">{data.practiceName}</span>
        <h1>Toolbar settings</h1>
        {outcome ? (
          <div className={outcome.credential ? "nhsuk-inset-text" : "nhsuk-error-summary"} role={outcome.credential ? "status" : "alert"} data-testid="sso-toast">
            <h2 className={outcome.credential ? "nhsuk-heading-s" : "nhsuk-error-summary__title"}>{outcome.toast}</h2>
            {outcome.message ? <p>{outcome.message}</p> : null}
            {outcome.credential ? (
              <>
                <p>Enter these in your toolbar's single sign-on settings now. They are shown only once.</p>
                <dl className="nhsuk-summary-list">
                  <div className="nhsuk-summary-list__row">
                    <dt className="nhsuk-summary-list__key">API key</dt>
                    <dd className="nhsuk-summary-list__value">
                      <code data-testid="sso-api-key">{outcome.credential.apiKey}</code>
                    </dd>
                  </div>
                  <div className="nhsuk-summary-list__row">
                    <dt className="nhsuk-summary-list__key">Signing key</dt>
                    <dd className="nhsuk-summary-list__value">
                      <code data-testid="sso-signing-key">{outcome.credential.signingKey}</code>
                    </dd>
                  </div>
                </dl>
              </>
            ) : null}
          </div>
        ) : null}
        {!data.sso && !data.tabs ? <p>Toolbar settings are not turned on for {data.practiceName}.</p> : null}
        {data.sso ? (
          <section aria-labelledby="sso-heading">
            <h2 id="sso-heading">Single sign-on</h2>
            <p>{data.sso.madeAt ? `Single sign-on was set up on ${data.sso.madeAt}.` : "Single sign-on is not set up for your toolbar at this practice."}</p>
            <PostForm>
              <Button name="intent" value="setup">
                Setup Single Sign On
              </Button>
            </PostForm>
            <PostForm>
              <Button name="intent" value="reset" variant="secondary">
                {`Reset ${data.productName} toolbar`}
              </Button>
            </PostForm>
          </section>
        ) : null}
        {data.tabs ? (
          <section aria-labelledby="tabs-heading">
            <h2 id="tabs-heading">Toolbar tabs</h2>
            <p>A change takes effect after resetting the toolbar (with single sign-on) or restarting it (without).</p>
            <div>
              <PostForm
                {...getFormProps(form)}
                onChange={(event) => {
                  // With JS a change is saved at once (spec 3 §2 Toolbar tab setting).
                  const target = event.target as HTMLInputElement;
                  if (target.name === fields.enabled.name) event.currentTarget.requestSubmit();
                }}
              >
                <input type="hidden" name="intent" value="tabs" />
                <Radios
                  meta={fields.enabled}
                  legend="How should the toolbar open messages?"
                  options={[
                    { value: "false", label: "Open each message in a new browser tab" },
                    { value: "true", label: "Reuse the same window" },
                  ]}
                />
                <Button>Save toolbar settings</Button>
              </PostForm>
            </div>
          </section>
        ) : null}
      </div>
    </div>
  );
}
