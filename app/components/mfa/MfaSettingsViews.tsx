import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { NO_SPACES, WITHOUT_REVEAL } from "~/client/dialog-settings";
import { BackControl, DialogLink } from "~/components/DialogLink";
import { PageComfortsScript } from "~/components/PageComforts";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { ChooseMfaTypeSchema, DISABLE_PATH, MfaCodeSchema, SETTINGS_PATH } from "~/domain/mfa/mfa-forms";
import { MFA_MESSAGES } from "~/domain/mfa/messages";
import { CodeField } from "./CodeField";

export type MfaSettingsView =
  | { state: "none" }
  | { state: "pending"; mfaType: "authenticator"; qrSvg: string; secret: string }
  | { state: "pending"; mfaType: "sms"; mobile: string }
  | { state: "enabled"; mfaType: "authenticator" | "sms"; mobile: string | null };

/** What the settings action answers when it does not redirect. */
export type MfaSettingsReply = { lastResult?: SubmissionResult<string[]>; errors?: string[] };

const TYPE_LABELS = { authenticator: "Authenticator app", sms: "Text message (SMS)" } as const;

function Intro() {
  return (
    <p>
      Multi-Factor Authentication protects your account if someone learns your password: when you sign in, you also
      enter a 6-digit security code from your phone.
    </p>
  );
}

/**
 * No settings: choose a type (spec 2 §4), authenticator by default. The SMS number's field shows
 * under its radio; the plain page-comforts script (decision 0160) hides it until SMS is chosen
 * and keeps spaces out of it, as NHS.UK's script and the server would.
 */
export function ChooseTypeView({ reply }: { reply?: MfaSettingsReply }) {
  const [form, fields] = useNhsForm(ChooseMfaTypeSchema, {
    lastResult: reply?.lastResult,
    defaultValue: { mfaType: "authenticator" },
  });
  const typeField = fields.mfaType;
  const mobileField = fields.smsMobileNumber;
  const smsId = `${typeField.id}-sms`;
  const conditionalId = `conditional-${smsId}`;
  const typeError = typeField.errors?.[0];
  const mobileError = mobileField.errors?.[0];
  const errors = summaryErrors(
    [
      { id: typeField.id, errors: typeField.errors },
      { id: mobileField.id, errors: mobileField.errors },
    ],
    form.errors,
    typeField.id,
  );
  return (
    <>
      <ErrorSummary errors={errors} />
      <h1>Multi-Factor Authentication</h1>
      <Intro />
      <PostForm {...getFormProps(form)}>
        <input type="hidden" name="intent" value="choose" />
        <div className={`nhsuk-form-group${typeError || form.errors ? " nhsuk-form-group--error" : ""}`}>
          <fieldset className="nhsuk-fieldset" aria-describedby={typeError ? typeField.errorId : undefined}>
            <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--m">
              <h2 className="nhsuk-fieldset__heading">How do you want to get your security codes?</h2>
            </legend>
            {typeError ? (
              <span className="nhsuk-error-message" id={typeField.errorId}>
                <span className="nhsuk-u-visually-hidden">Error:</span> {typeError}
              </span>
            ) : null}
            <div className="nhsuk-radios nhsuk-radios--conditional" data-module="nhsuk-radios">
              <div className="nhsuk-radios__item">
                <input
                  className="nhsuk-radios__input"
                  id={typeField.id}
                  name={typeField.name}
                  type="radio"
                  value="authenticator"
                  defaultChecked={typeField.initialValue !== "sms"}
                  aria-describedby={`${typeField.id}-item-hint`}
                  aria-invalid={typeError ? true : undefined}
                />
                <label className="nhsuk-label nhsuk-radios__label" htmlFor={typeField.id}>
                  {TYPE_LABELS.authenticator}
                </label>
                <div className="nhsuk-hint nhsuk-radios__hint" id={`${typeField.id}-item-hint`}>
                  An app such as Microsoft Authenticator or Google Authenticator. It works without a phone signal.
                </div>
              </div>
              <div className="nhsuk-radios__item">
                <input
                  className="nhsuk-radios__input"
                  id={smsId}
                  name={typeField.name}
                  type="radio"
                  value="sms"
                  defaultChecked={typeField.initialValue === "sms"}
                  aria-describedby={`${smsId}-item-hint`}
                  aria-invalid={typeError ? true : undefined}
                  // As NHS.UK's markup: the script makes it aria-controls once the reveal works.
                  data-aria-controls={conditionalId}
                />
                <label className="nhsuk-label nhsuk-radios__label" htmlFor={smsId}>
                  {TYPE_LABELS.sms}
                </label>
                <div className="nhsuk-hint nhsuk-radios__hint" id={`${smsId}-item-hint`}>
                  We send a code to your mobile phone each time you sign in.
                </div>
              </div>
              {/* Without JS the field always shows; the script hides it until SMS is chosen. */}
              <div
                className="nhsuk-radios__conditional"
                id={conditionalId}
              >
                <div className={`nhsuk-form-group${mobileError ? " nhsuk-form-group--error" : ""}`}>
                  <label className="nhsuk-label" htmlFor={mobileField.id}>
                    UK mobile phone number<span {...{ [WITHOUT_REVEAL]: "" }}> (if you choose text message)</span>
                  </label>
                  <div className="nhsuk-hint" id={mobileField.descriptionId}>
                    For example, 07700900982
                  </div>
                  {mobileError ? (
                    <span className="nhsuk-error-message" id={mobileField.errorId}>
                      <span className="nhsuk-u-visually-hidden">Error:</span> {mobileError}
                    </span>
                  ) : null}
                  <input
                    {...getInputProps(mobileField, { type: "tel", ariaDescribedBy: mobileField.descriptionId })}
                    className={`nhsuk-input nhsuk-input--width-20${mobileError ? " nhsuk-input--error" : ""}`}
                    autoComplete="tel"
                    spellCheck={false}
                    {...{ [NO_SPACES]: "" }}
                  />
                </div>
              </div>
            </div>
          </fieldset>
        </div>
        <Button>Continue</Button>
      </PostForm>
      <PageComfortsScript />
    </>
  );
}

function TryAnotherMethod() {
  return (
    <PostForm>
      <input type="hidden" name="intent" value="another" />
      <Button variant="secondary">Try another method</Button>
    </PostForm>
  );
}

function useCodeForm(reply?: MfaSettingsReply) {
  return useNhsForm(MfaCodeSchema, {
    lastResult: reply?.lastResult,
  });
}

/** Pending authenticator: the QR code, the key to type instead, and the first code. */
export function PendingAuthenticatorView({ view, reply }: { view: Extract<MfaSettingsView, { mfaType: "authenticator"; state: "pending" }>; reply?: MfaSettingsReply }) {
  const [form, fields] = useCodeForm(reply);
  const errors = summaryErrors([{ id: fields.code.id, errors: fields.code.errors }], [...(form.errors ?? []), ...(reply?.errors ?? [])], fields.code.id);
  return (
    <>
      <ErrorSummary errors={errors} />
      <h1>Set up your authenticator app</h1>
      <ol className="nhsuk-list nhsuk-list--number">
        <li>Open your authenticator app and add a new account.</li>
        <li>Scan the QR code with the app, or type in the key shown under it.</li>
        <li>Enter the 6-digit code the app then shows.</li>
      </ol>
      <div className="nhsuk-u-margin-bottom-4" dangerouslySetInnerHTML={{ __html: view.qrSvg }} />
      <p>
        Key for typing in: <strong className="app-mfa-secret" id="mfa-secret">{view.secret}</strong>
      </p>
      <PostForm {...getFormProps(form)}>
        <input type="hidden" name="intent" value="enable" />
        <CodeField field={fields.code} hint="The 6-digit code from your authenticator app" />
        <Button>Turn on Multi-Factor Authentication</Button>
      </PostForm>
      <TryAnotherMethod />
    </>
  );
}

/** Pending SMS: a code went to the number; enter it, or ask for another. */
export function PendingSmsView({ view, reply }: { view: Extract<MfaSettingsView, { mfaType: "sms"; state: "pending" }>; reply?: MfaSettingsReply }) {
  const [form, fields] = useCodeForm(reply);
  const errors = summaryErrors([{ id: fields.code.id, errors: fields.code.errors }], [...(form.errors ?? []), ...(reply?.errors ?? [])], fields.code.id);
  return (
    <>
      <ErrorSummary errors={errors} />
      <h1>Check your phone</h1>
      <p>We have sent a code to {view.mobile}. The code expires after 10 minutes.</p>
      <PostForm {...getFormProps(form)}>
        <input type="hidden" name="intent" value="enable" />
        <CodeField field={fields.code} hint="The 6-digit code in the text message" />
        <Button>Turn on Multi-Factor Authentication</Button>
      </PostForm>
      <PostForm>
        <input type="hidden" name="intent" value="resend" />
        <p>Not received a text message after a minute?</p>
        <Button variant="secondary">Resend SMS</Button>
      </PostForm>
      <TryAnotherMethod />
    </>
  );
}

/** Enabled: what is on, and the way to turn it off (a confirmation page, or a dialog with JS). */
export function EnabledView({ view }: { view: Extract<MfaSettingsView, { state: "enabled" }> }) {
  return (
    <>
      <h1>Multi-Factor Authentication</h1>
      <p>Multi-Factor Authentication is on. When you sign in, you enter a security code after your password.</p>
      <dl className="nhsuk-summary-list">
        <div className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">Security codes from</dt>
          <dd className="nhsuk-summary-list__value">{TYPE_LABELS[view.mfaType]}</dd>
        </div>
        {view.mfaType === "sms" ? (
          <div className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">Mobile number</dt>
            <dd className="nhsuk-summary-list__value">{view.mobile ?? "No information provided"}</dd>
          </div>
        ) : null}
      </dl>
      <DialogLink id="disable-mfa-dialog" href={DISABLE_PATH} className="nhsuk-button nhsuk-button--warning" labelledBy="disable-mfa-title" dialog={<DisableMfaConfirmation inDialog />}>
        Disable
      </DialogLink>
    </>
  );
}

/**
 * The disable confirmation (spec 2 §2.12): the page /mfa/settings/disable (h1, "No" links back)
 * and the same inside the settings page's dialog (h2, "No" closes it).
 */
export function DisableMfaConfirmation({ inDialog }: { inDialog?: boolean }) {
  const Heading = inDialog ? "h2" : "h1";
  return (
    <>
      <Heading id="disable-mfa-title">{MFA_MESSAGES.disableTitle}</Heading>
      <p>{MFA_MESSAGES.disableQuestion}</p>
      <p>You will then sign in with your password only.</p>
      <PostForm action={DISABLE_PATH}>
        <div className="nhsuk-button-group">
          <Button variant="warning">Yes, disable</Button>
          <BackControl inDialog={inDialog} href={SETTINGS_PATH}>
            No, keep it on
          </BackControl>
        </div>
      </PostForm>
    </>
  );
}
