import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { practice_admin } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { notFound } from "~/web/responses.server";
import { onlineResourceFeatures, COUNTRY_NAMES } from "~/domain/help/online-resources";

export const handle = { title: "Online resources" };

/**
 * /practices/online-resources/{practice_code} (spec 3 §2, practice admin of that practice or a
 * system admin): what a practice manager needs to get patients using the service: the practice's
 * own request link, wording for the website, the phone message, posters and a text message, how
 * to switch features on, how triage works, and England's core-hours rule (from October 2025).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice } = await requireViewer(request, context, [practice_admin], { practiceCode: params.practiceCode });
  if (!practice) throw notFound();
  return json({
    product: context.config.productName,
    practice: {
      name: practice.name,
      code: practice.urlCode,
      phone: practice.phone,
      isTpp: practice.ehrType === "tpp",
      country: practice.country,
      countryName: COUNTRY_NAMES[practice.country],
    },
    link: `${new URL(request.url).origin}/practice/${practice.urlCode}`,
    features: onlineResourceFeatures(practice),
  });
}

function Copyable({ id, title, children }: { id: string; title: string; children: string }) {
  return (
    <div className="nhsuk-inset-text">
      <h3 id={id}>{title}</h3>
      {children.split("\n\n").map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
    </div>
  );
}

export default function OnlineResources() {
  const { product, practice, link, features } = useLoaderData<typeof loader>();
  const phone = practice.phone ?? "the surgery";
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <a className="nhsuk-back-link" href="/practices">
          Back to my practices
        </a>
        <h1>
          <span className="nhsuk-caption-l">{practice.name}</span>
          Online resources
        </h1>
        <p>
          Everything you need to tell patients about online requests, and to run them well: wording you can copy, the settings to
          check, and the rules that apply.
        </p>
        <nav aria-label="On this page">
          <ul className="nhsuk-contents-list__list">
            <li className="nhsuk-contents-list__item"><a className="nhsuk-contents-list__link" href="#link">Your practice&apos;s link</a></li>
            <li className="nhsuk-contents-list__item"><a className="nhsuk-contents-list__link" href="#patients">Getting patients online</a></li>
            <li className="nhsuk-contents-list__item"><a className="nhsuk-contents-list__link" href="#features">Switching features on</a></li>
            <li className="nhsuk-contents-list__item"><a className="nhsuk-contents-list__link" href="#triage">How triage works</a></li>
            <li className="nhsuk-contents-list__item"><a className="nhsuk-contents-list__link" href="#core-hours">Core hours for online consultation</a></li>
            <li className="nhsuk-contents-list__item"><a className="nhsuk-contents-list__link" href="#training">Training for your team</a></li>
          </ul>
        </nav>

        <h2 id="link">Your practice&apos;s link</h2>
        <p>Patients start every online request here. Use this exact link everywhere you mention online requests:</p>
        <p>
          <a href={`/practice/${practice.code}`} className="nhsuk-u-font-weight-bold">{link}</a>
        </p>
        <p>
          It opens {practice.name}&apos;s own page, so patients never have to search for the practice or choose it from a list. Put
          it on the home page of your website, in your phone message, on posters and in text messages.
        </p>

        <h2 id="patients">Getting patients online</h2>
        <p>
          Practices that get most patients online tell them the same thing in every place at once: the website, the phone message,
          the waiting room and reception. Adapt the wording below as you like; keep the link and the safety advice.
        </p>
        <Copyable id="website-wording" title="For your website's home page">
          {`Contact us online: ask for an appointment, a sick note, help with a prescription or anything else non-urgent by filling in a short form at ${link}. It takes about 5 minutes. We read every request during opening hours and will reply by text, e-mail or phone, usually within 2 working days.\n\nYou can send a request for yourself, your child, or someone you care for. If you cannot go online, call us on ${phone} and our reception team will fill in the same form with you.\n\nIf you need help now, do not use the online form. For a life-threatening emergency call 999. For urgent help when we are closed, call 111 or go to 111.nhs.uk.`}
        </Copyable>
        <Copyable id="phone-wording" title="For your telephone welcome message">
          {`Thank you for calling ${practice.name}. If this is a medical emergency, please hang up and dial 999.\n\nDid you know you can contact us online, at any time, without waiting on the phone? Go to our website and choose Contact us online, and we will reply within 2 working days. This keeps the phone lines free for people who cannot go online.\n\nIf you would like to speak to someone, please hold and your call will be answered by our reception team.`}
        </Copyable>
        <Copyable id="poster-wording" title="For a poster or leaflet in the waiting room">
          {`Skip the 8am phone queue. Contact ${practice.name} online for appointments, sick notes, prescriptions, test results and questions about your care.\n\nGo to ${link} or scan the QR code. It takes about 5 minutes and you get a reply by text or e-mail.\n\nNo smartphone? Ask at reception: we will do it with you. Feeling very unwell? Do not wait: call 999 in an emergency, or 111.`}
        </Copyable>
        <Copyable id="text-wording" title="For a text message to your patients">
          {`${practice.name}: you can now contact us online for non-urgent requests, any time: ${link}. In an emergency call 999.`}
        </Copyable>
        <h3>At reception and on the phone</h3>
        <ul>
          <li>When a patient phones with a non-urgent request, offer to fill in the online form with them while they are on the line, and tell them they can do it themselves next time.</li>
          <li>Never refuse a patient because they cannot or will not go online: their request goes in the same inbox and is triaged in the same way.</li>
          <li>Make the QR code for the poster from your practice&apos;s link with any QR code generator your IT provider approves, and test it with a phone before printing.</li>
        </ul>

        <h2 id="features">Switching features on</h2>
        <p>Online requests are always on. These can each be switched on when your team is ready, in the practice settings:</p>
        <dl className="nhsuk-summary-list">
          {features.map((f) => (
            <div className="nhsuk-summary-list__row" key={f.label}>
              <dt className="nhsuk-summary-list__key">{f.label}</dt>
              <dd className="nhsuk-summary-list__value">
                <strong className={`nhsuk-tag ${f.on ? "nhsuk-tag--green" : "nhsuk-tag--grey"}`}>{f.on ? "On" : "Off"}</strong>
                <p className="nhsuk-u-margin-top-2 nhsuk-u-margin-bottom-0">{f.help}</p>
              </dd>
            </div>
          ))}
        </dl>
        <p>
          <a href={`/practices/edit/${practice.code}`}>Change the practice settings</a>
        </p>
        {practice.isTpp ? (
          <p>
            {practice.name} uses SystmOne: check that the <a href={`/agent/setup?practice=${practice.code}`}>TPP desktop agent</a> is
            linked, or requests will not reach SystmOne.
          </p>
        ) : null}

        <h2 id="triage">How triage works</h2>
        <ol>
          <li>The patient answers a few questions about what they need. If their answers suggest an emergency, they are told to call 999 or 111 before they can send anything.</li>
          <li>The request arrives in the Unassigned inbox, with the patient&apos;s details and any photos they attached. Nothing is sent to one person&apos;s e-mail.</li>
          <li>A care navigator or clinician reads it, sets how urgent it is and assigns it: to reception for admin (sick note copies, registration, simple questions), or to the right clinician following your practice&apos;s own triage protocol.</li>
          <li>Whoever has it replies, asks the patient a question, or books an appointment. The patient is told by text or e-mail, and can reply in the same conversation.</li>
          <li>When it is dealt with, it is completed, and the patient is told.</li>
        </ol>
        <p>
          Agree as a team who looks at Unassigned and when (for example first thing, at midday and at 4pm), who covers when they
          are away, and how quickly you aim to answer. Tell patients the same on your website.
        </p>

        <h2 id="core-hours">Core hours for online consultation</h2>
        <p>
          From 1 October 2025 the GP contract in England requires practices to keep their online consultation tool open for
          patients throughout core hours, 8am to 6:30pm, Monday to Friday, for non-urgent appointment requests, medication queries
          and admin requests. A practice cannot close the online form early because it has reached a daily limit, and patients must
          be able to ask for help online, by phone or in person on an equal footing.
        </p>
        <p>What this means in {product}:</p>
        <ul>
          <li>For a practice in England the settings refuse opening hours or a daily cap that would close online requests between 8am and 6:30pm on a weekday.</li>
          <li>If something outside your control stops you answering requests, for example a power cut or a clinical system outage, record an exceptional closure with the reason and when it starts and ends. Patients are told where to go instead while it lasts, and your regional group can see it.</li>
          <li>Urgent problems are still signposted to 999 and 111, so keeping the form open never means patients wait online with an emergency.</li>
        </ul>
        {practice.country === "england" ? (
          <p>{practice.name} is recorded as a practice in England, so this rule applies to it.</p>
        ) : (
          <p>
            {practice.name} is recorded as a practice in {practice.countryName}, where this English contract rule does not apply.
            Keeping online requests open in working hours is still what patients expect.
          </p>
        )}
        <p>
          Check NHS England&apos;s current GP contract guidance for the full wording; this page summarises it for day-to-day use.
        </p>

        <h2 id="training">Training for your team</h2>
        <p>
          The <a href="/videos">training videos</a> cover the inboxes, triage, replying to patients, carers and setting up the
          practice, each with a full transcript.
        </p>
      </div>
    </div>
  );
}
