import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button, CheckboxField } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { practice_admin } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { notFound } from "~/web/responses.server";
import { CONSENT_MESSAGES, CONSENT_TERMS, ConsentSchema, consentState, isConsentFeature } from "~/domain/practices/consents";
import { agreeToConsent, getConsent, withdrawConsent } from "~/domain/practices/consents.server";
import { formatDateTime } from "~/domain/requests/display";

export const handle = { title: "Feature terms" };

/**
 * /practices/{practice_code}/consents/{feature} (spec 3 §2; practice admin of that practice, or
 * system admin): the terms a practice agrees to before a feature is switched on, who agreed and
 * when; agreeing and withdrawing (which switches the feature off). Decision 0075.
 */
async function load(request: Request, context: LoaderFunctionArgs["context"], params: LoaderFunctionArgs["params"]) {
  const { viewer, practice } = await requireViewer(request, context, [practice_admin], { practiceCode: params.practiceCode ?? "" });
  const feature = params.feature;
  if (!isConsentFeature(feature)) throw notFound();
  return { viewer, practice: practice!, feature };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, feature } = await load(request, context, params);
  const terms = CONSENT_TERMS[feature];
  const consent = await getConsent(context.db, practice.id, feature);
  return json({
    practiceName: practice.name,
    terms,
    state: consentState(consent, terms.version),
    consent: consent
      ? {
          version: consent.termsVersion,
          agreedAt: formatDateTime(consent.agreedAt),
          agreedBy: consent.agreedBy ?? "A former member of staff",
          withdrawnAt: consent.withdrawnAt ? formatDateTime(consent.withdrawnAt) : null,
          withdrawnBy: consent.withdrawnBy ?? "A former member of staff",
        }
      : null,
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice, feature } = await load(request, context, params);
  const submission = parseWithZod(await request.formData(), { schema: ConsentSchema });
  if (submission.status !== "success") return formRejected(submission);
  const actor = { userId: viewer.userId, practiceId: practice.id };
  const title = CONSENT_TERMS[feature].title;
  const here = `/practices/${practice.urlCode}/consents/${feature}`;
  if (submission.value.intent === "agree") {
    await agreeToConsent(context, actor, feature);
    return redirectWithFlash(request, context, here, { kind: "success", text: CONSENT_MESSAGES.agreed(title) });
  }
  if (!(await withdrawConsent(context, actor, feature))) {
    return json({ lastResult: submission.reply({ formErrors: [CONSENT_MESSAGES.conflict] }) }, { status: 409 });
  }
  return redirectWithFlash(request, context, here, { kind: "success", text: CONSENT_MESSAGES.withdrawn(title) });
}

export default function FeatureConsent() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(ConsentSchema, {
    lastResult: actionData?.lastResult,
  });
  const agreeField = { id: "consent-agree", errors: (fields as Record<string, { errors?: string[] }>).agree?.errors };
  const understoodField = { id: "consent-understood", errors: (fields as Record<string, { errors?: string[] }>).understood?.errors };
  const errors = summaryErrors([agreeField, understoodField], form.errors, "consent-status");
  const { terms, consent, state } = data;
  const current = state === "agreed";
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <Link className="nhsuk-back-link" to="/practices">
          Back to my practices
        </Link>
        <ErrorSummary errors={errors} />
        <span className="nhsuk-caption-l">{data.practiceName}</span>
        <h1>{terms.title}: terms</h1>
        <p className="nhsuk-lede-text">{terms.summary}</p>

        <h2 id="consent-status">Agreement</h2>
        <dl className="nhsuk-summary-list">
          <div className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">Status</dt>
            <dd className="nhsuk-summary-list__value">
              {state === "none" ? "Not agreed" : null}
              {state === "agreed" ? "Agreed" : null}
              {state === "outdated" ? `Agreed to earlier terms (version ${consent?.version}): agree to the current terms to keep using it` : null}
              {state === "withdrawn" ? "Withdrawn" : null}
            </dd>
          </div>
          {consent ? (
            <div className="nhsuk-summary-list__row">
              <dt className="nhsuk-summary-list__key">Agreed by</dt>
              <dd className="nhsuk-summary-list__value">
                {consent.agreedBy} on {consent.agreedAt} (version {consent.version})
              </dd>
            </div>
          ) : null}
          {consent?.withdrawnAt ? (
            <div className="nhsuk-summary-list__row">
              <dt className="nhsuk-summary-list__key">Withdrawn by</dt>
              <dd className="nhsuk-summary-list__value">
                {consent.withdrawnBy} on {consent.withdrawnAt}
              </dd>
            </div>
          ) : null}
        </dl>

        <h2>Terms (version {terms.version})</h2>
        {terms.sections.map((section) => (
          <section key={section.heading}>
            <h3>{section.heading}</h3>
            <ul className="nhsuk-list nhsuk-list--bullet">
              {section.paragraphs.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </section>
        ))}

        {current ? null : (
          <PostForm {...getFormProps(form)} noValidate>
            <input type="hidden" name="intent" value="agree" />
            <CheckboxField
              id="consent-agree"
              name="agree"
              value="yes"
              error={agreeField.errors?.[0]}
              label={`I have read these terms and agree to them on behalf of ${data.practiceName}`}
            />
            <Button>Agree to the terms</Button>
          </PostForm>
        )}
        {current ? (
          <PostForm {...getFormProps(form)} noValidate>
            <h2>Withdraw the agreement</h2>
            <p>Withdrawing switches {terms.title.toLowerCase()} off for the practice straight away.</p>
            <input type="hidden" name="intent" value="withdraw" />
            <CheckboxField
              id="consent-understood"
              name="understood"
              value="yes"
              error={understoodField.errors?.[0]}
              label={`I understand that ${terms.title.toLowerCase()} will be switched off`}
            />
            <Button variant="warning">Withdraw agreement</Button>
          </PostForm>
        ) : null}
      </div>
    </div>
  );
}
