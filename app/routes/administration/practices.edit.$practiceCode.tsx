import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary, type SummaryError } from "~/components/ErrorSummary";
import { Button, CheckboxField, InputField, TextareaField } from "~/components/Fields";
import { edit_practice } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { notFound } from "~/web/responses.server";
import { CORE_END, CORE_HOURS_MESSAGES, CORE_START, mayTurnComplianceOff } from "~/domain/practices/core-hours";
import { CONSENT_TERMS, consentNeededMessage, FEATURE_FLAG_CONSENTS, flagsNeedingConsent } from "~/domain/practices/consents";
import { hasConsent } from "~/domain/practices/consents.server";
import { dayLabel, WEEKDAYS } from "~/domain/practices/opening-hours";
import { getOpeningHours } from "~/domain/practices/practices.server";
import {
  CancelClosureSchema,
  closureSchema,
  ComplianceSchema,
  dayField,
  DetailsSchema,
  FEATURES,
  FeaturesSchema,
  GpSystemSchema,
  hoursFromForm,
  IdleTimeoutSchema,
  openingHoursSchema,
  PatientReplySchema,
  requestSettingsSchema,
  SETTINGS_INTENTS,
  SETTINGS_MESSAGES,
  type SettingsIntent,
} from "~/domain/practices/settings";
import {
  addClosure,
  cancelClosure,
  currentAndUpcomingClosures,
  saveOpeningHours,
  updatePractice,
  type PracticePatch,
} from "~/domain/practices/settings.server";
import { londonInstant } from "~/domain/requests/demand";
import { formatLondonDateTime, londonDate } from "~/domain/time/london";
import { Table } from "~/components/Table";

export const handle = { title: "Edit practice" };

/**
 * /practices/edit/{practice_code} (spec 3 §2, §3): every practice setting as plain forms, one
 * per section, each posting its `intent`. edit_practice: that practice's admin or a system
 * admin, never the AI-testing practice. In core-hours compliance mode (England, decision 0074)
 * hours and demand controls that would close online consultation inside 08:00–18:30 on a
 * weekday are refused; an exceptional closure is the only way to close.
 */
async function guard(request: Request, context: LoaderFunctionArgs["context"], code: string | undefined) {
  const { viewer, practice } = await requireViewer(request, context, [edit_practice], { practiceCode: code ?? "" });
  if (!practice) throw notFound();
  return { viewer, practice, isSystemAdmin: viewer.globalRoles.has("admin") };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, isSystemAdmin } = await guard(request, context, params.practiceCode);
  const now = context.clock.now();
  const [hours, closures] = await Promise.all([getOpeningHours(context.db, practice.id), currentAndUpcomingClosures(context.db, [practice.id], now)]);
  return json({
    isSystemAdmin,
    today: londonDate(now),
    practice: {
      name: practice.name,
      urlCode: practice.urlCode,
      odsCode: practice.odsCode,
      addressLine1: practice.addressLine1,
      town: practice.town,
      postcode: practice.postcode,
      phone: practice.phone,
      ehrType: practice.ehrType,
      pfsEhrType: practice.pfsEhrType,
      idleTimeout: practice.idleTimeout,
      dailyRequestLimit: practice.dailyRequestLimit,
      switchedOffToday: practice.requestsClosedOn === londonDate(now),
      requestsInOpeningHoursOnly: practice.requestsInOpeningHoursOnly,
      demandMessage: practice.demandMessage,
      patientReplyToUnassigned: practice.patientReplyToUnassigned,
      country: practice.country,
      coreHoursCompliance: practice.coreHoursCompliance,
      features: Object.fromEntries(FEATURES.map((f) => [f.key, practice[f.key]])) as Record<string, boolean>,
      updatedAt: practice.updatedAt.toISOString(),
    },
    hours,
    closures: closures.map((c) => ({
      id: c.id,
      starts: formatLondonDateTime(c.startsAt),
      ends: formatLondonDateTime(c.endsAt),
      inForce: c.startsAt <= now,
      reason: c.reason,
      alternative: c.alternative,
      createdBy: c.createdBy,
    })),
  });
}

const SAVED: Record<SettingsIntent, string> = {
  details: "Practice details saved.",
  "gp-system": "GP system saved.",
  features: "Features saved.",
  "idle-timeout": "Staff idle timeout saved.",
  "opening-hours": "Opening hours saved.",
  requests: "Request settings saved.",
  "patient-reply": "Patient reply assignment saved.",
  compliance: "Core-hours compliance saved.",
  "add-closure": "Exceptional closure recorded.",
  "cancel-closure": "Exceptional closure cancelled.",
};

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice, isSystemAdmin } = await guard(request, context, params.practiceCode);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (!(SETTINGS_INTENTS as readonly string[]).includes(intent)) return json({ intent: null, message: "Unknown form" }, { status: 400 });
  const actor = { userId: viewer.userId };
  const now = context.clock.now();
  const rejected = async (submission: Parameters<typeof formRejected>[0], options?: Parameters<typeof formRejected>[1]) => {
    const body = await formRejected(submission, options).json();
    return json({ intent: intent as SettingsIntent, lastResult: body.lastResult }, { status: 400 });
  };
  const done = (code = practice.urlCode) =>
    redirectWithFlash(request, context, `/practices/edit/${code}#${intent === "cancel-closure" ? "add-closure" : intent}`, { kind: "success", text: SAVED[intent as SettingsIntent] });
  const save = (patch: PracticePatch) => updatePractice(context, actor, practice, intent, patch);

  switch (intent as SettingsIntent) {
    case "details": {
      const submission = parseWithZod(form, { schema: DetailsSchema });
      if (submission.status !== "success") return rejected(submission);
      const v = submission.value;
      const result = await save({
        name: v.name,
        urlCode: v.urlCode,
        odsCode: v.odsCode || null,
        addressLine1: v.addressLine1 || null,
        town: v.town || null,
        postcode: v.postcode || null,
        phone: v.phone || null,
      });
      if (result.status === "code_taken") return rejected(submission, { fieldErrors: { urlCode: [SETTINGS_MESSAGES.codeTaken] } });
      // A new url code: the page's own address follows it.
      return done(result.practice.urlCode);
    }
    case "gp-system": {
      const submission = parseWithZod(form, { schema: GpSystemSchema });
      if (submission.status !== "success") return rejected(submission);
      await save({ ehrType: submission.value.ehrType, pfsEhrType: submission.value.pfsEhrType === "none" ? null : submission.value.pfsEhrType });
      return done();
    }
    case "features": {
      const submission = parseWithZod(form, { schema: FeaturesSchema });
      if (submission.status !== "success") return rejected(submission);
      const { intent: _intent, ...flags } = submission.value;
      // Video and bulk messaging are switched on only once the practice has agreed to their terms.
      const refused: Record<string, string[]> = {};
      for (const flag of flagsNeedingConsent(practice, flags)) {
        const feature = FEATURE_FLAG_CONSENTS[flag];
        if (!(await hasConsent(context.db, practice.id, feature))) refused[flag] = [consentNeededMessage(CONSENT_TERMS[feature].title)];
      }
      if (Object.keys(refused).length > 0) return rejected(submission, { fieldErrors: refused });
      await save(flags);
      return done();
    }
    case "idle-timeout": {
      const submission = parseWithZod(form, { schema: IdleTimeoutSchema });
      if (submission.status !== "success") return rejected(submission);
      await save({ idleTimeout: submission.value.idleTimeout ?? null });
      return done();
    }
    case "opening-hours": {
      const submission = parseWithZod(form, { schema: openingHoursSchema({ compliance: practice.coreHoursCompliance }) });
      if (submission.status !== "success") return rejected(submission);
      await saveOpeningHours(context, actor, practice.id, hoursFromForm(submission.value as Record<string, unknown>));
      return done();
    }
    case "requests": {
      const hours = await getOpeningHours(context.db, practice.id);
      const submission = parseWithZod(form, { schema: requestSettingsSchema({ compliance: practice.coreHoursCompliance, hours, now }) });
      if (submission.status !== "success") return rejected(submission);
      const v = submission.value;
      await save({
        dailyRequestLimit: v.dailyRequestLimit ?? null,
        requestsClosedOn: v.switchedOffToday ? londonDate(now) : null,
        requestsInOpeningHoursOnly: v.requestsInOpeningHoursOnly,
        demandMessage: v.demandMessage || null,
      });
      return done();
    }
    case "patient-reply": {
      const submission = parseWithZod(form, { schema: PatientReplySchema });
      if (submission.status !== "success") return rejected(submission);
      await save({ patientReplyToUnassigned: submission.value.patientReply === "unassigned" });
      return done();
    }
    case "compliance": {
      // Country and compliance mode are a system admin's to change (decision 0074).
      if (!isSystemAdmin) return json({ intent, message: CORE_HOURS_MESSAGES.turnOff }, { status: 403 });
      const submission = parseWithZod(form, { schema: ComplianceSchema });
      if (submission.status !== "success") return rejected(submission);
      const v = submission.value;
      if (!v.coreHoursCompliance && !mayTurnComplianceOff({ isSystemAdmin }, v.country)) {
        return rejected(submission, { fieldErrors: { coreHoursCompliance: [CORE_HOURS_MESSAGES.turnOff] } });
      }
      await save({ country: v.country, coreHoursCompliance: v.coreHoursCompliance });
      return done();
    }
    case "add-closure": {
      const submission = parseWithZod(form, { schema: closureSchema({ now, toInstant: londonInstant }) });
      if (submission.status !== "success") return rejected(submission);
      await addClosure(context, actor, practice.id, submission.value);
      return done();
    }
    case "cancel-closure": {
      const submission = parseWithZod(form, { schema: CancelClosureSchema });
      if (submission.status !== "success") throw notFound();
      if (!(await cancelClosure(context, actor, practice.id, submission.value.closureId))) throw notFound();
      return done();
    }
  }
}

// ---- the page -------------------------------------------------------------------------------

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Rejected = { intent: SettingsIntent | null; lastResult?: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null }; message?: string };

/** The values and errors a section shows: after its own rejected post, what was typed. */
function useSection(intent: SettingsIntent, loaded: Record<string, string | undefined>) {
  const actionData = useActionData<typeof action>() as Rejected | undefined;
  const mine = actionData?.intent === intent ? actionData.lastResult : undefined;
  const typed = mine?.initialValue ?? null;
  const value = (name: string): string | undefined => {
    if (typed) {
      const v = typed[name];
      return typeof v === "string" ? v : undefined;
    }
    return loaded[name];
  };
  const error = (name: string) => mine?.error?.[name]?.[0] ?? undefined;
  const id = (name: string) => `${intent}-${name}`;
  return { value, error, id, rejected: Boolean(mine) };
}

function Section({ intent, title, children, intro }: { intent: SettingsIntent; title: string; children: ReactNode; intro?: ReactNode }) {
  return (
    <section id={intent} aria-labelledby={`${intent}-title`} className="nhsuk-u-margin-bottom-7">
      <h2 id={`${intent}-title`}>{title}</h2>
      {intro}
      <PostForm noValidate>
        <input type="hidden" name="intent" value={intent} />
        {children}
      </PostForm>
    </section>
  );
}

function RadioGroup({
  id,
  name,
  legend,
  options,
  value,
  error,
}: {
  id: string;
  name: string;
  legend: string;
  options: { value: string; label: string }[];
  value: string | undefined;
  error?: string;
}) {
  return (
    <div className={`nhsuk-form-group${error ? " nhsuk-form-group--error" : ""}`}>
      <fieldset className="nhsuk-fieldset" aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">{legend}</legend>
        {error ? (
          <span className="nhsuk-error-message" id={`${id}-error`}>
            <span className="nhsuk-u-visually-hidden">Error:</span> {error}
          </span>
        ) : null}
        <div className="nhsuk-radios">
          {options.map((o, i) => {
            const inputId = i === 0 ? id : `${id}-${i + 1}`;
            return (
              <div className="nhsuk-radios__item" key={o.value}>
                <input className="nhsuk-radios__input" id={inputId} name={name} type="radio" value={o.value} defaultChecked={value === o.value} aria-invalid={error ? true : undefined} />
                <label className="nhsuk-label nhsuk-radios__label" htmlFor={inputId}>
                  {o.label}
                </label>
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? "" : String(v));
const on = (v: boolean) => (v ? "on" : undefined);

/** Every error of the rejected section, linked to its field (the error summary at the top of main). */
function summaryFrom(actionData: Rejected | undefined): SummaryError[] {
  if (!actionData?.intent) return [];
  const errors = actionData.lastResult?.error ?? {};
  const out: SummaryError[] = [];
  for (const [name, messages] of Object.entries(errors)) {
    if (!messages?.[0]) continue;
    out.push({ fieldId: name ? `${actionData.intent}-${name}` : actionData.intent, message: messages[0] });
  }
  return out;
}

export default function EditPractice() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Rejected | undefined;
  const p = data.practice;
  // Re-mount the forms when the saved values change, so what is shown is what was saved.
  const version = p.updatedAt + JSON.stringify(data.hours) + data.closures.length;
  return (
    <div className="nhsuk-grid-row" key={version}>
      <div className="nhsuk-grid-column-two-thirds">
        <a className="nhsuk-back-link" href="/practices">
          Back to Practices
        </a>
        <ErrorSummary errors={summaryFrom(actionData)} />
        {actionData?.message ? (
          <div className="nhsuk-error-summary" role="alert" tabIndex={-1} autoFocus>
            <p>{actionData.message}</p>
          </div>
        ) : null}
        <span className="nhsuk-caption-l">{p.name}</span>
        <h1>Edit practice</h1>
        <nav aria-label="Sections">
          <ul className="nhsuk-list">
            {[
              ["details", "Practice details"],
              ["gp-system", "GP system"],
              ["features", "Features"],
              ["idle-timeout", "Staff idle timeout"],
              ["opening-hours", "Opening hours"],
              ["requests", "Requests and demand"],
              ["add-closure", "Exceptional closures"],
              ["patient-reply", "Patient replies"],
            ].map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <DetailsSection data={data} />
        <GpSystemSection data={data} />
        <FeaturesSection data={data} />
        <IdleSection data={data} />
        <HoursSection data={data} />
        <RequestsSection data={data} />
        <ClosuresSection data={data} />
        <PatientReplySection data={data} />
        {data.isSystemAdmin ? <ComplianceSection data={data} /> : null}
      </div>
    </div>
  );
}

function DetailsSection({ data }: { data: LoaderData }) {
  const p = data.practice;
  const s = useSection("details", {
    name: p.name,
    urlCode: p.urlCode,
    odsCode: str(p.odsCode),
    addressLine1: str(p.addressLine1),
    town: str(p.town),
    postcode: str(p.postcode),
    phone: str(p.phone),
  });
  return (
    <Section intent="details" title="Practice details">
      <InputField id={s.id("name")} name="name" label="Practice name" defaultValue={s.value("name")} error={s.error("name")} />
      <InputField
        id={s.id("urlCode")}
        name="urlCode"
        label="Url code"
        hint="The practice code in the addresses patients use. Letters and numbers only, with no spaces or symbols."
        width={20}
        defaultValue={s.value("urlCode")}
        error={s.error("urlCode")}
        spellCheck={false}
      />
      <InputField id={s.id("odsCode")} name="odsCode" label="ODS code" optional width={10} defaultValue={s.value("odsCode")} error={s.error("odsCode")} spellCheck={false} />
      <InputField id={s.id("addressLine1")} name="addressLine1" label="Address" optional defaultValue={s.value("addressLine1")} error={s.error("addressLine1")} />
      <InputField id={s.id("town")} name="town" label="Town or city" optional width={20} defaultValue={s.value("town")} error={s.error("town")} />
      <InputField id={s.id("postcode")} name="postcode" label="Postcode" optional width={10} defaultValue={s.value("postcode")} error={s.error("postcode")} />
      <InputField id={s.id("phone")} name="phone" label="Phone number" optional type="tel" width={20} defaultValue={s.value("phone")} error={s.error("phone")} />
      <Button>Save practice details</Button>
    </Section>
  );
}

function GpSystemSection({ data }: { data: LoaderData }) {
  const p = data.practice;
  const s = useSection("gp-system", { ehrType: p.ehrType, pfsEhrType: p.pfsEhrType ?? "none" });
  return (
    <Section intent="gp-system" title="GP system">
      <RadioGroup
        id={s.id("ehrType")}
        name="ehrType"
        legend="Clinical system"
        value={s.value("ehrType")}
        error={s.error("ehrType")}
        options={[
          { value: "emis", label: "EMIS Web" },
          { value: "tpp", label: "TPP SystmOne" },
        ]}
      />
      <RadioGroup
        id={s.id("pfsEhrType")}
        name="pfsEhrType"
        legend="GP system for patients' online services"
        value={s.value("pfsEhrType")}
        error={s.error("pfsEhrType")}
        options={[
          { value: "none", label: "The same as the clinical system" },
          { value: "emis", label: "EMIS Web" },
          { value: "tpp", label: "TPP SystmOne" },
        ]}
      />
      <Button>Save GP system</Button>
    </Section>
  );
}

function FeaturesSection({ data }: { data: LoaderData }) {
  const loaded = Object.fromEntries(FEATURES.map((f) => [f.key, on(data.practice.features[f.key])]));
  const s = useSection("features", loaded);
  return (
    <Section intent="features" title="Features">
      <fieldset className="nhsuk-fieldset">
        <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">Switched on for this practice</legend>
        {FEATURES.map((f) => (
          <CheckboxField key={f.key} id={s.id(f.key)} name={f.key} label={f.label} defaultChecked={s.value(f.key) === "on"} error={s.error(f.key)} />
        ))}
      </fieldset>
      <p className="nhsuk-body">
        Video consultations and bulk messaging are switched on once the practice has agreed to their terms:{" "}
        <a href={`/practices/${data.practice.urlCode}/consents/video`}>video terms</a>,{" "}
        <a href={`/practices/${data.practice.urlCode}/consents/bulk_messaging`}>bulk messaging terms</a>.
      </p>
      <Button>Save features</Button>
    </Section>
  );
}

function IdleSection({ data }: { data: LoaderData }) {
  const s = useSection("idle-timeout", { idleTimeout: str(data.practice.idleTimeout) });
  return (
    <Section intent="idle-timeout" title="Staff idle timeout">
      <InputField
        id={s.id("idleTimeout")}
        name="idleTimeout"
        label="Minutes of inactivity before staff are logged out"
        hint="Leave empty to never log staff out for inactivity. At least 2 minutes."
        optional
        width={4}
        inputMode="numeric"
        defaultValue={s.value("idleTimeout")}
        error={s.error("idleTimeout")}
      />
      <Button>Save idle timeout</Button>
    </Section>
  );
}

function HoursSection({ data }: { data: LoaderData }) {
  const loaded: Record<string, string | undefined> = {};
  for (const d of data.hours) {
    loaded[dayField(d.day, "Closed")] = on(d.closed);
    loaded[dayField(d.day, "Opens")] = d.opens ?? "";
    loaded[dayField(d.day, "Closes")] = d.closes ?? "";
  }
  const s = useSection("opening-hours", loaded);
  return (
    <Section
      intent="opening-hours"
      title="Opening hours"
      intro={
        data.practice.coreHoursCompliance ? (
          <div className="nhsuk-inset-text">
            <p>
              Online consultation must stay open from {CORE_START} to {CORE_END}, Monday to Friday. To close on a particular day, record an
              exceptional closure.
            </p>
          </div>
        ) : null
      }
    >
      {WEEKDAYS.map((day) => (
        <fieldset className="nhsuk-fieldset nhsuk-u-margin-bottom-4" key={day}>
          <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">{dayLabel(day)}</legend>
          <CheckboxField
            id={s.id(dayField(day, "Closed"))}
            name={dayField(day, "Closed")}
            label={`Closed on ${dayLabel(day)}`}
            defaultChecked={s.value(dayField(day, "Closed")) === "on"}
            error={s.error(dayField(day, "Closed"))}
          />
          <InputField
            id={s.id(dayField(day, "Opens"))}
            name={dayField(day, "Opens")}
            label={`${dayLabel(day)} opening time`}
            hint="For example, 08:00"
            width={5}
            defaultValue={s.value(dayField(day, "Opens"))}
            error={s.error(dayField(day, "Opens"))}
          />
          <InputField
            id={s.id(dayField(day, "Closes"))}
            name={dayField(day, "Closes")}
            label={`${dayLabel(day)} closing time`}
            hint="For example, 18:30"
            width={5}
            defaultValue={s.value(dayField(day, "Closes"))}
            error={s.error(dayField(day, "Closes"))}
          />
        </fieldset>
      ))}
      <Button>Save opening hours</Button>
    </Section>
  );
}

function RequestsSection({ data }: { data: LoaderData }) {
  const p = data.practice;
  const s = useSection("requests", {
    dailyRequestLimit: str(p.dailyRequestLimit),
    switchedOffToday: on(p.switchedOffToday),
    requestsInOpeningHoursOnly: on(p.requestsInOpeningHoursOnly),
    demandMessage: str(p.demandMessage),
  });
  return (
    <Section
      intent="requests"
      title="Requests and demand"
      intro={
        p.coreHoursCompliance ? (
          <div className="nhsuk-inset-text">
            <p>
              This practice follows the core-hours rule for England: non-urgent online requests stay open from {CORE_START} to {CORE_END}, Monday to
              Friday. A daily cap is not allowed, and requests cannot be switched off inside those hours.
            </p>
          </div>
        ) : null
      }
    >
      <InputField
        id={s.id("dailyRequestLimit")}
        name="dailyRequestLimit"
        label="Daily request cap"
        hint="The most online requests the practice takes in a day. Leave empty for no cap."
        optional
        width={5}
        inputMode="numeric"
        defaultValue={s.value("dailyRequestLimit")}
        error={s.error("dailyRequestLimit")}
      />
      <CheckboxField
        id={s.id("switchedOffToday")}
        name="switchedOffToday"
        label="Switch online requests off for the rest of today"
        defaultChecked={s.value("switchedOffToday") === "on"}
        error={s.error("switchedOffToday")}
      />
      <CheckboxField
        id={s.id("requestsInOpeningHoursOnly")}
        name="requestsInOpeningHoursOnly"
        label="Take online requests only while the practice is open"
        defaultChecked={s.value("requestsInOpeningHoursOnly") === "on"}
        error={s.error("requestsInOpeningHoursOnly")}
      />
      <TextareaField
        id={s.id("demandMessage")}
        name="demandMessage"
        label="Message to patients when online requests are closed"
        hint="Shown on the patient pages when requests are capped, switched off or closed. For example, where else to get help."
        optional
        rows={4}
        maxLength={1000}
        defaultValue={s.value("demandMessage")}
        error={s.error("demandMessage")}
      />
      <Button>Save request settings</Button>
    </Section>
  );
}

function ClosuresSection({ data }: { data: LoaderData }) {
  const s = useSection("add-closure", {});
  return (
    <section id="add-closure" aria-labelledby="add-closure-title" className="nhsuk-u-margin-bottom-7">
      <h2 id="add-closure-title">Exceptional closures</h2>
      <p>
        Close online consultation for a period, for example for staff training or an emergency. Patients see where to go instead, and your regional
        group sees the closure.
      </p>
      {data.closures.length === 0 ? (
        <p>There are no current or upcoming exceptional closures.</p>
      ) : (
        <Table caption={"Current and upcoming closures"} captionSize="s" columns={["From", "Until", "Reason and where to go instead", { hidden: "Action" }]}>
          {data.closures.map((c) => (
            <tr key={c.id}>
              <td>
                {c.starts}
                {c.inForce ? <strong className="nhsuk-tag nhsuk-tag--orange">In force</strong> : null}
              </td>
              <td>{c.ends}</td>
              <td>
                <p className="app-pre-line">{c.reason}</p>
                <p className="app-pre-line">Instead: {c.alternative}</p>
                {c.createdBy ? <p className="nhsuk-body-s">Recorded by {c.createdBy}</p> : null}
              </td>
              <td>
                <PostForm noValidate>
                  <input type="hidden" name="intent" value="cancel-closure" />
                  <input type="hidden" name="closureId" value={c.id} />
                  <button className="nhsuk-button nhsuk-button--secondary nhsuk-u-margin-bottom-0" type="submit">
                    Cancel closure<span className="nhsuk-u-visually-hidden"> from {c.starts}</span>
                  </button>
                </PostForm>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <h3>Record an exceptional closure</h3>
      <PostForm noValidate>
        <input type="hidden" name="intent" value="add-closure" />
        <InputField id={s.id("startDate")} name="startDate" label="Start date" hint="For example, 25/11/2026" width={10} defaultValue={s.value("startDate")} error={s.error("startDate")} />
        <InputField id={s.id("startTime")} name="startTime" label="Start time" hint="For example, 13:00" width={5} defaultValue={s.value("startTime")} error={s.error("startTime")} />
        <InputField id={s.id("endDate")} name="endDate" label="End date" hint="For example, 25/11/2026" width={10} defaultValue={s.value("endDate")} error={s.error("endDate")} />
        <InputField id={s.id("endTime")} name="endTime" label="End time" hint="For example, 17:00" width={5} defaultValue={s.value("endTime")} error={s.error("endTime")} />
        <TextareaField id={s.id("reason")} name="reason" label="Reason" hint="Recorded for audit and shown to your regional group." rows={2} maxLength={500} defaultValue={s.value("reason")} error={s.error("reason")} />
        <TextareaField
          id={s.id("alternative")}
          name="alternative"
          label="Where patients should go instead"
          hint="Shown to patients while online consultation is closed. For example, call the practice on 01234 567890, or use NHS 111."
          rows={3}
          maxLength={1000}
          defaultValue={s.value("alternative")}
          error={s.error("alternative")}
        />
        <Button>Record closure</Button>
      </PostForm>
    </section>
  );
}

function PatientReplySection({ data }: { data: LoaderData }) {
  const s = useSection("patient-reply", { patientReply: data.practice.patientReplyToUnassigned ? "unassigned" : "assignee" });
  return (
    <Section intent="patient-reply" title="Patient replies">
      <RadioGroup
        id={s.id("patientReply")}
        name="patientReply"
        legend="When a patient replies to a request"
        value={s.value("patientReply")}
        error={s.error("patientReply")}
        options={[
          { value: "assignee", label: "It goes to the person the request is assigned to" },
          { value: "unassigned", label: "It goes back to the unassigned inbox" },
        ]}
      />
      <Button>Save patient reply assignment</Button>
    </Section>
  );
}

function ComplianceSection({ data }: { data: LoaderData }) {
  const p = data.practice;
  const s = useSection("compliance", { country: p.country, coreHoursCompliance: on(p.coreHoursCompliance) });
  return (
    <Section
      intent="compliance"
      title="Country and core-hours compliance"
      intro={<p>System administrators only. Practices in England must keep online consultation open from {CORE_START} to {CORE_END} on weekdays.</p>}
    >
      <RadioGroup
        id={s.id("country")}
        name="country"
        legend="Country"
        value={s.value("country")}
        error={s.error("country")}
        options={[
          { value: "england", label: "England" },
          { value: "wales", label: "Wales" },
          { value: "scotland", label: "Scotland" },
          { value: "northern_ireland", label: "Northern Ireland" },
        ]}
      />
      <CheckboxField
        id={s.id("coreHoursCompliance")}
        name="coreHoursCompliance"
        label="Core-hours compliance mode"
        hint="Can be turned off only for a practice outside England."
        defaultChecked={s.value("coreHoursCompliance") === "on"}
        error={s.error("coreHoursCompliance")}
      />
      <Button>Save compliance</Button>
    </Section>
  );
}
