/**
 * What the route fuzz knows about each route: the fields its forms post (read from the route
 * modules and their zod schemas; every `intent` value included), the people who get past its
 * guards, and the real rows its params name. Routes not listed here are still fuzzed, with
 * generic fields and the params their file name declares.
 */
import { encodeSegment } from "./fuzz-values";
import type { Role, World } from "./fuzz-world";
import { NEW_PASSWORD, STANDARD_ROLES } from "./fuzz-world";
import { KNOWN_PASSWORD } from "../support/registration-fixtures";

export type RouteSpec = {
  /** Who gets past the guards (most cases post as one of them; the rest as anyone). */
  roles?: Role[];
  /** Form fields and their good values ("@@name": resolved per case, fuzz-world.ts freshVar). */
  fields?: Record<string, string[]>;
  /** Fields that file inputs post. */
  files?: string[];
  /** Good values of path params, overriding the defaults. */
  params?: Record<string, string[]>;
  /** Good query values. */
  query?: Record<string, string[]>;
  /** Query names usually left out (the page works best without them). */
  rareQuery?: string[];
};

/** Path params a flat-routes file name declares (`$practiceCode.chat.$patientEntryId_` → practiceCode, patientEntryId). */
export function paramNames(routeName: string): string[] {
  return routeName
    .split(".")
    .filter((s) => s.startsWith("$"))
    .map((s) => (s === "$" ? "*" : s.slice(1).replace(/_$/, "")));
}

/** The URL path of a route with these params (as generated, before Remix decodes them). */
export function routePath(routeName: string, params: Record<string, string>): string {
  const segments = routeName
    .split(".")
    .filter((s) => s !== "_index")
    .map((s) => s.replace(/_$/, ""))
    .map((s) => {
      if (s === "$") return (params["*"] ?? "").split("/").map(encodeSegment).join("/");
      if (s.startsWith("$")) return encodeSegment(params[s.slice(1).replace(/_$/, "")] ?? "");
      return s;
    });
  return `/${segments.join("/")}`;
}

const NAMED_INBOXES = ["unassigned", "awaiting-response", "completed", "rejected", "all"];

/** Good values of every path param, by name. */
export function defaultParams(world: World): Record<string, string[]> {
  const s = String;
  return {
    practiceCode: [world.practice.urlCode, world.practice.urlCode, world.practice.urlCode.toUpperCase()],
    patientId: [s(world.patient.patientId), s(world.people.editable.id), s(world.people.nonDigital.id), s(world.carer.dependentPatientId)],
    userId: [s(world.carer.userId), s(world.pendingCarer.userId)],
    carerId: [s(world.carer.userId)],
    dependentId: [s(world.carer.dependentId)],
    proxyUserId: [s(world.carer.dependentId)],
    slotId: [world.bookedSlotId, world.slotIds[1] ?? world.bookedSlotId],
    bookingId: [world.bookingId],
    prescriptionId: [world.prescriptionId],
    patientEntryId: [s(world.ownRequest.id)],
    entryId: ["@@draft", s(world.ownRequest.id)],
    requestId: [s(world.submitted.id)],
    fileId: ["@@fileId"],
    inbox: [...NAMED_INBOXES, s(world.gp.id)],
    type: world.issueTypeIds.map(s),
    staffMemberId: [s(world.gp.id)],
    token: [world.tokens.magic],
    "*": ["nowhere", "a/b/c"],
  };
}

/** Path param values no route should choke on. */
export const FUZZ_PARAMS = [
  "0",
  "-1",
  "1e309",
  "2147483647",
  "2147483648",
  "99999999999999999999",
  "1.5",
  " 1",
  "01",
  "0x10",
  "..%2F",
  "../",
  "%2E%2E",
  "%00",
  "\u0000",
  "%ZZ",
  "\ud800",
  "all",
  "ALL",
  "null",
  "undefined",
  "__proto__",
  "😀",
  "Ä",
  "a b",
  " ",
  "x".repeat(300),
  "00000000-0000-0000-0000-000000000000",
  "not-a-uuid",
];

const date = (prefix: string, p: { day: string; month: string; year: string }) => ({
  [`${prefix}.day`]: [p.day, "30", "0", "99", "1"],
  [`${prefix}.month`]: [p.month, "2", "13", "00"],
  [`${prefix}.year`]: [p.year, "0000", "99999", "2026", "1899"],
});

const MOBILE = ["07700900123", "+447700900123", "07700 900 123"];
const TEXT = ["Hello there", "<b>bold</b> & more", "Line one\r\nLine two"];
const REDIRECTS = ["/", "/account-settings", "//evil.example", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"];

/** The question fields of every issue type: `q{id}`, a date as `q{id}.day/.month/.year`. */
function questionFields(world: World): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const q of world.questions) {
    const name = `q${q.id}`;
    switch (q.kind) {
      case "date":
        Object.assign(fields, date(name, { day: "1", month: "11", year: "2026" }));
        fields[name] = ["2026-11-01"];
        break;
      case "number":
        fields[name] = [q.minValue, q.maxValue, 3].filter((v) => v !== null).map(String);
        break;
      case "yes_no":
        fields[name] = ["yes", "no"];
        break;
      case "single_choice":
      case "multiple_choice":
        // Emergency values included: they lead to the emergency page, which is fuzzed too.
        fields[name] = (q.options ?? []).map((o) => o.value);
        if (fields[name].length === 0) fields[name] = ["none"];
        break;
      default:
        fields[name] = TEXT;
    }
  }
  return fields;
}

const patientDetails = (p: { firstName: string; lastName: string; day: string; month: string; year: string }) => ({
  firstName: [p.firstName, "Ann"],
  lastName: [p.lastName, "O'Neil-Smith"],
  ...date("dateOfBirth", p),
  nhsNumber: ["9434765919", "943 476 5919", ""],
  gender: ["female", "male", "not_specified", ""],
  email: ["patient.fuzz@example.com", ""],
  mobile: [...MOBILE, ""],
  phone: ["01131234567", ""],
  addressLine1: ["1 High Street", ""],
  town: ["Leeds", ""],
  postcode: ["LS1 3EX", "ls13ex", ""],
});

export function routeSpecs(world: World): Record<string, RouteSpec> {
  const code = world.practice.urlCode;
  const s = String;
  const staff: Role[] = ["gp", "practiceAdmin"];
  // A practice admin without a staff role has no inbox (the inbox guard refuses them).
  const inboxStaff: Role[] = ["gp", "gp", "gp", "practiceAdmin"];
  const patients: Role[] = ["patient", "carer", "guest"];
  const { registrant, guestPerson, dependentPerson, nonDigital, editable, magicPerson } = world.people;
  const handling = {
    intent: ["assign", "urgency", "reply", "complete", "reject", "undo", "cancel", "comment", "action", "action-complete", "questionnaire", "triage"],
    questionnaireId: ["1", "999999"],
    answersInbox: ["unassigned", s(world.gp.id), "999999"],
    sendSms: ["on", ""],
    overrideMobile: ["07700 900 555", "0123", ""],
    version: ["@@version"],
    assignee: ["unassigned", s(world.gp.id), s(world.practiceAdmin.id)],
    urgencyId: ["1", "2", "3"],
    body: TEXT,
    reason: [...TEXT, ""],
    snomed: world.snomed.length ? world.snomed : ["123456"],
    text: TEXT,
    actionAssignee: ["nobody", s(world.gp.id)],
    actionId: ["@@actionId"],
    sensitive: ["yes", ""],
    // Triage (issue "staff integrations").
    difficulty: ["simple", "complex", "", "impossible"],
    role: ["gp", "nurse", "", "surgeon"],
    actions: ["appointment", "test", "nothing"],
    topics: ["long_term_condition", "medication", "x"],
    reviewDay: ["1", "31", "", "x"],
    reviewMonth: ["12", "2", ""],
    reviewYear: ["2027", "2020", "99999"],
  };
  const inboxQuery = { back: [`/${code}/inboxes/all`, `/all/inboxes/unassigned`], snomed: ["asthma", "%"], q: ["Sarah", "R-"], template: ["1", "2147483648"] };
  const invitation = { intent: ["register", "accept"], firstName: ["Priya"], lastName: ["Shah"], password: [KNOWN_PASSWORD, NEW_PASSWORD] };
  const notice = {
    title: ["Planned work", ""],
    body: ["The service is slow on Sunday.", ""],
    welshTitle: ["Gwaith", ""],
    welshBody: ["Mae'r gwasanaeth yn araf.", ""],
    startsDate: ["01/12/2026", "31/02/2026", ""],
    startsTime: ["09:30", "25:00", ""],
    endsDate: ["02/12/2026", ""],
    endsTime: ["10:00", ""],
    active: ["on", ""],
  };
  const practiceDetails = {
    name: ["Fuzz Surgery"],
    urlCode: ["Fuzz1", "fuzz 1", world.practice.urlCode],
    odsCode: ["A12345", ""],
    ehrType: ["emis", "tpp"],
    country: ["england", "wales"],
    ccgId: ["", "999999"],
  };
  const login = { email: [world.patient.email], password: [KNOWN_PASSWORD], redirect: REDIRECTS };
  const registration = (p: { firstName: string; lastName: string; day: string; month: string; year: string; postcode: string }, email: string) => ({
    firstName: [p.firstName],
    lastName: [p.lastName],
    ...date("dateOfBirth", p),
    postcode: [p.postcode, ""],
    mobile: MOBILE,
    email: [email],
    confirmEmail: [email],
  });
  const issueType = { issueTypeId: world.issueTypeIds.map(s) };
  const dependentFields = {
    firstName: [dependentPerson.firstName],
    lastName: [dependentPerson.lastName],
    ...date("dateOfBirth", dependentPerson),
    postcode: [dependentPerson.postcode, ""],
    relationship: ["son", ""],
    reason: ["under_16", "adult_consents"],
  };

  return {
    $: { fields: {} },
    "$practiceCode.$patientId.carer.$userId": {
      roles: staff,
      params: { patientId: [s(world.carer.dependentPatientId), s(world.pendingCarer.dependentPatientId)], userId: [s(world.carer.userId), s(world.pendingCarer.userId)] },
      fields: { decision: ["approve", "decline", "remove"], note: [...TEXT, ""] },
    },
    "$practiceCode.merge.$patientId": {
      roles: staff,
      params: { patientId: [s(editable.id)] },
      query: { q: ["Hana", "9434765919", "01/01/1980"], duplicate: [s(nonDigital.id), "0"] },
      rareQuery: ["duplicate"],
      fields: { duplicate: [s(nonDigital.id), s(editable.id), "0"], firstName: ["kept", "duplicate"], lastName: ["kept", "duplicate"], nhsNumber: ["kept", "duplicate"], email: ["kept", "duplicate"] },
    },
    "$practiceCode.submitted_.$id": { roles: ["gp"], params: { id: [s(world.submitted.id), "999999"] } },
    "$practiceCode.merge.$mergeId.patient": { roles: ["gp"], params: { mergeId: ["1", "999999"] }, fields: { intent: ["undo"] } },
    "$practiceCode.appointment.cancel.$slotId": { roles: ["patient"] },
    "$practiceCode.appointment.details.$slotId": { roles: ["patient"] },
    "$practiceCode.carer.$carerId.register": {
      roles: ["carer"],
      fields: {
        firstName: [dependentPerson.firstName],
        lastName: [dependentPerson.lastName],
        ...date("dateOfBirth", dependentPerson),
        postcode: [dependentPerson.postcode, ""],
        relationship: ["son", ""],
        reason: ["under_16", "adult_consents"],
      },
    },
    "$practiceCode.change-my-details": {
      roles: ["patient"],
      fields: { mobile: [...MOBILE, "01134960000", ""], phone: ["0113 496 0000", "123", ""], addressLine1: [...TEXT, ""], town: ["Leeds", ""], postcode: ["LS1 4AP", "nope", ""] },
    },
    "carer.dependents_.add": { roles: ["carer"], fields: dependentFields },
    "$practiceCode.dependents.add": { roles: ["carer"], fields: dependentFields },
    "$practiceCode.dependents.$proxyUserId": { roles: ["carer"], fields: { intent: ["remove", "other", ""], confirm: ["no", ""] } },
    "$practiceCode.carer.register": {
      roles: ["anonymous"],
      fields: { firstName: ["Casey"], lastName: ["Carer"], email: ["fuzz.carer@example.com"], confirmEmail: ["fuzz.carer@example.com"], mobile: MOBILE, password: [NEW_PASSWORD] },
    },
    "$practiceCode.chat.$patientEntryId": { roles: ["patient"], fields: { body: [...TEXT, ""], sensitive: ["on", "true", "false"] }, files: ["files"] },
    "$practiceCode.chat.$patientEntryId_.files.$fileId": { roles: ["patient"], params: { fileId: ["@@chatFile", "@@fileId"] } },
    "$practiceCode.confirmation.$entryId": { roles: patients, params: { entryId: ["@@completeDraft", "@@draft"] } },
    "$practiceCode.email-sent": { roles: ["anonymous"] },
    "$practiceCode.emergency.$entryId": { roles: patients, params: { entryId: ["@@emergencyDraft", "@@draft"] } },
    "$practiceCode.inboxes.$inbox.request-details.$requestId": { roles: inboxStaff, params: { practiceCode: [code, code, "all"] }, fields: handling, files: ["files"], query: inboxQuery },
    "$practiceCode.inboxes.issue_type.$type.request-details.$requestId": { roles: inboxStaff, params: { practiceCode: [code, code, "all"] }, fields: handling, query: inboxQuery },
    "$practiceCode.inboxes.$inbox": { roles: staff, params: { practiceCode: [code, "all"] }, query: { ltc: ["hide", "only", "x"], review: ["due", "x"] } },
    "$practiceCode.inboxes.issue_type.$type": { roles: staff, params: { practiceCode: [code, "all"] } },
    "$practiceCode.inboxes": { roles: staff, params: { practiceCode: [code, "all"] } },
    "$practiceCode.inboxes.count": { roles: staff, params: { practiceCode: [code, "all"] } },
    "$practiceCode.inboxes.carer-requests": { roles: staff, params: { practiceCode: [code, "all"] } },
    "$practiceCode.inbox": { roles: staff, params: { practiceCode: [code, "all"] } },
    "inboxes.$staffMemberId.$practiceCode": { roles: staff, params: { practiceCode: [code, "all"] } },
    "$practiceCode.login": { roles: ["anonymous"], fields: login, query: { redirect: REDIRECTS, expired: ["1"] } },
    "login._index": { roles: ["anonymous"], fields: login, query: { redirect: REDIRECTS, expired: ["1"] } },
    "$practiceCode.message._index": { roles: patients, fields: { who: ["myself", "carer"] } },
    "$practiceCode.message.carer.$dependentId": { roles: ["carer"], fields: issueType },
    "$practiceCode.message.carer._index": { roles: ["carer"], fields: { dependentId: [s(world.carer.dependentId), s(world.pendingCarer.dependentId)] } },
    "$practiceCode.message.myself._index": { roles: ["patient", "guest"], fields: issueType },
    "$practiceCode.message.myself.admin": { roles: ["patient", "guest"], fields: issueType },
    // The NHS App's entry pages (spec 2 §2.4; decision 0084).
    "$practiceCode.admin-hub": { roles: ["patient", "guest", "carer"], fields: { topic: ["fit_note", "letter", "test_results", "repeat_medication", "referral", ""] } },
    "$practiceCode.clinical-request": { roles: ["patient", "guest"], fields: issueType },
    "$practiceCode.nonclinical-request": { roles: ["patient", "guest"], fields: issueType },
    "$practiceCode.message.staff.$patientId": { roles: ["gp"], fields: issueType },
    "$practiceCode.message.cancelled": { roles: patients, query: { reason: ["timeout", "signposted", "emergency"] } },
    "$practiceCode.non-digital-patients.add": { roles: staff, fields: patientDetails({ ...nonDigital, firstName: "Nadia", lastName: "Okafor" }) },
    "$practiceCode.non-digital-patients.edit.$patientId": { roles: staff, params: { patientId: [s(nonDigital.id)] }, fields: patientDetails(nonDigital) },
    "$practiceCode.non-digital-patients._index": { roles: staff, query: { q: ["Hana", "9434765919"], filter: ["non-digital"] } },
    "$practiceCode.online-services": {
      roles: ["patient2", "patient"],
      fields: { accountId: [world.patient2.accountId], linkageKey: world.patient2.linkageKeys, unitId: [world.patient2.unitId] },
    },
    "$practiceCode.online-services_.unlink": { roles: ["patient2"] },
    "$practiceCode.patients.$patientId.edit-details": { roles: staff, params: { patientId: [s(editable.id)] }, fields: patientDetails(editable) },
    "$practiceCode.patients.$patientId._index": { roles: staff, query: { older: ["", "abc", "MTIzNA"] } },
    "$practiceCode.patients._index": { roles: staff, query: { q: ["Hana", "Rosa Nkemelu", "1979-02-11", "9434765919"], filter: ["non-digital"] } },
    "$practiceCode.questions.$entryId": {
      roles: patients,
      params: { entryId: ["@@draft", "@@completeDraft"] },
      // The first page of a clinical type is 0, of the others 1; attachments are on 3 or 4.
      query: { page: ["0", "1", "1", "3", "4", "999"], change: ["1"] },
      rareQuery: ["change"],
      fields: { ...questionFields(world), intent: ["continue", "upload", "remove:@@fileId", "remove:../../x", "remove:"], sensitive: ["yes"] },
      files: ["files"],
    },
    "$practiceCode.questions.$entryId_.cancel": { roles: patients },
    "$practiceCode.requests.$requestId.delete": {
      roles: staff,
      params: { requestId: ["@@freshRequest", s(world.submitted.id)] },
      fields: { version: ["@@version", "0"] },
      query: inboxQuery,
    },
    "$practiceCode.requests.$requestId.file": {
      roles: staff,
      params: { requestId: ["@@freshRequest", s(world.submitted.id)] },
      fields: { intent: ["search", "file", "other"], q: ["asthma", "", "1959"], codes: ["195967001", "195967002", "44054006", "0"], summary: ["Asthma review", ""] },
      query: inboxQuery,
    },
    "$practiceCode.requests.$requestId.files.$fileId": {
      roles: ["gp"],
      params: { fileId: ["@@staffFile", "@@staffFile", "@@fileId"] },
      query: { sig: ["@@staffSig", "@@staffSig", "abc.def"] },
    },
    "$practiceCode.signposted": { roles: patients, query: { entry: ["@@signpostDraft", "@@draft"] }, fields: { intent: ["use_service", "continue"] } },
    "$practiceCode.submitted": { roles: patients, query: { kind: ["prescription"], id: [world.prescriptionId], entry: [s(world.ownRequest.id)] } },
    "$practiceCode.my-requests-and-messages": { roles: patients, query: { page: ["1", "2", "0", "1e309"] } },
    // The TPP desktop agent: its practice (TPP), the EMIS one (explained, 404 on post), none, another's.
    "agent.setup": {
      roles: ["practiceAdmin", "practiceAdmin", "systemAdmin"],
      query: { practice: [world.tppPractice.urlCode, world.tppPractice.urlCode, code, ""] },
      fields: { gatewayHost: ["HILLSIDE-GW01", "gw01.hillside.nhs.uk", "GW 01", ""] },
    },
    "agent.setup_.regenerate": { roles: ["practiceAdmin", "systemAdmin"], query: { practice: [world.tppPractice.urlCode, code] } },
    "agent.setup_.status": { roles: ["practiceAdmin", "systemAdmin"], query: { practice: [world.tppPractice.urlCode, code] } },
    // Staff integrations (issue 21): the toolbar's sign-on (its key and token fuzzed), the SSO
    // setup's intents, the toolbar's patient load, and the AI-testing review's answers.
    "sso.auth": {
      roles: ["anonymous", "gp"],
      fields: { apiKey: ["fdsso_" + "a".repeat(43), ""], token: ["a.b.c", ""], type: ["patient", ""], action: ["open", ""], nhs_number: ["9434765919", ""], from_hash: ["1", ""] },
      query: { apiKey: ["fdsso_" + "a".repeat(43)], token: ["a.b.c"], type: ["patient"], action: ["open"], nhs_number: ["9434765919"], practice: [code], error: ["Toolbar not linked"] },
      rareQuery: ["error", "practice"],
    },
    "sso.$practiceCode.setup": { roles: ["gp"], fields: { intent: ["setup", "reset", "tabs"], enabled: ["true", "false"] } },
    "toolbar.$practiceCode.patients": { roles: ["gp"], query: { nhs_number: ["9434765919", "943 476 5919", "123"], action: ["open"] } },
    "docman.setup.practice": { roles: ["anonymous"], fields: { practiceId: ["1", "0", ""] }, query: { multiple_practices: ["true"], token: ["docman-token"] } },
    "docman.setup.register": {
      roles: ["anonymous"],
      fields: { name: ["Docman", ""], email: ["docman@example.com", ""], roles: ["docman_auto_filing", "docman_auto_registration"] },
      query: { practice_id: ["1"], token: ["docman-token"], practice_name: ["Riverside"] },
    },
    "docman.setup.link": {
      roles: ["anonymous"],
      fields: { email: ["docman@example.com", ""], password: [KNOWN_PASSWORD, ""], roles: ["docman_auto_filing", "docman_auto_registration"] },
      query: { practice_id: ["1"], token: ["docman-token"], practice_name: ["Riverside"] },
    },
    "aitesting.review.$assignmentId": { roles: ["gp"], fields: { agreed: ["yes", "no"], urgencyId: ["1", "2", "3"], role: ["gp", "receptionist"] } },
    "agent.status": { roles: ["anonymous"], fields: { websocket_connected: ["true", "false", "1"], systmone_connected: ["true", "false", "0"] } },
    "practices.online-resources.$practiceCode": { roles: ["practiceAdmin", "systemAdmin"] },
    "videos._index": { roles: ["gp", "practiceAdmin"] },
    "account-settings.change-password": { roles: ["patient"], fields: { currentPassword: [KNOWN_PASSWORD], password: [NEW_PASSWORD], confirmPassword: [NEW_PASSWORD] } },
    "account-settings.details": { roles: ["patient", "carer"], fields: { firstName: ["Rosa"], lastName: ["Nkemelu"], mobile: [...MOBILE, ""] } },
    "appointments.book.$slotId": { roles: ["patient"], params: { slotId: world.slotIds.slice(1, 4) }, fields: { reason: [...TEXT, "x".repeat(150), "x".repeat(151)] } },
    "appointments.booked.$bookingId": { roles: ["patient"] },
    "appointments._index": { roles: ["patient"] },
    "confirm-password": { roles: ["patient", "carer", "gp"], fields: { password: [KNOWN_PASSWORD], redirect: REDIRECTS }, query: { redirect: REDIRECTS } },
    cookies: { fields: { additional_cookies: ["allow", "deny"], returnTo: ["/cookies", ...REDIRECTS] } },
    "guest-validate.$token": { roles: ["anonymous", "patient"], params: { token: [world.tokens.guest] } },
    // NHS login's set-up pages: a token that is not live (the journey itself: nhs-login.test.ts).
    "nhs-login.select-practice.$token": { roles: ["anonymous"], params: { token: ["dead-token-0123456789abcdef"] }, fields: { practice: [code, "", "../x"] } },
    "nhs-login.link-account.$token": { roles: ["anonymous"], params: { token: ["dead-token-0123456789abcdef"] }, fields: { password: [KNOWN_PASSWORD, ""] } },
    "nhs-login.$practiceCode.register.$token": { roles: ["anonymous"], params: { token: ["dead-token-0123456789abcdef"] } },
    "login.verification": { roles: ["mfaPending"], fields: { intent: ["verify", "resend"], code: ["123456", "12 34 56", "000000"] } },
    logout: { roles: [...STANDARD_ROLES] },
    // System administration (decision 0076). Maintenance mode is only ever posted off here: on,
    // it would answer every later case with the 503 maintenance page.
    "admin.settings": {
      roles: ["systemAdmin"],
      fields: {
        videoEnabled: ["on", ""],
        maintenanceMode: [""],
        maintenanceMessage: ["Back soon.", ""],
        maximumPatientAge: ["111", "16", "131"],
        allowedTimeStart: ["08:00", "", "25:00"],
        allowedTimeEnd: ["20:00", "", "07:00"],
        healthHubUrl: ["https://hub.example.nhs.uk", "", "http://x"],
        patientLicenceUrl: ["https://example.com/licence", ""],
        staffLicenceUrl: ["https://example.com/staff", ""],
        researchProjectsUrl: ["https://example.com/research", ""],
      },
    },
    "admin.notices.new": { roles: ["systemAdmin"], fields: notice },
    "admin.notices.$noticeId": { roles: ["systemAdmin"], params: { noticeId: [s(world.admin.noticeId)] }, fields: { ...notice, intent: ["save", "deactivate"] } },
    "notices.dismiss": { roles: [...STANDARD_ROLES], fields: { noticeId: [s(world.admin.noticeId), "999999"], returnTo: REDIRECTS } },
    "practices.add._index": {
      roles: ["systemAdmin"],
      fields: { ...practiceDetails, adminEmail: ["first.admin@nhs.net", "first.admin@example.com", "someone@gmail.com"] },
    },
    "practices.add.$token": {
      roles: ["anonymous", "gp"],
      params: { token: [world.admin.practiceInvitationToken, world.admin.practiceOnboardingToken] },
      fields: { ...invitation, ...practiceDetails },
    },
    "practices.invite": {
      roles: ["systemAdmin"],
      fields: { intent: ["invite", "resend"], invitationId: [s(world.admin.invitationId), "999999"], returnTo: REDIRECTS, email: ["practice@nhs.net", "x@gmail.com"], practiceName: ["Fuzz Surgery"], odsCode: ["A12345", "a b"], ccgId: ["", "1", "999999"] },
      query: { q: ["oak", "%", ""], page: ["1", "2", "0"] },
    },
    "practices.invite_.$invitationId.delete": { roles: ["systemAdmin"], params: { invitationId: [s(world.admin.invitationId), "999999"] } },
    "practices.registration-complete.$token": { roles: ["systemAdmin", "practiceAdmin"], params: { token: [world.admin.practiceInvitationToken, "dead"] } },
    "admin._index": { roles: ["systemAdmin"], query: { q: ["oak", "%_", ""], page: ["1", "2"], people: ["ada", ""], peoplePage: ["1", "3"] } },
    "maintenance-banner": { fields: { fingerprint: ["abc-123", "x".repeat(64), "x".repeat(65)], returnTo: REDIRECTS } },
    "mfa.settings.disable": { roles: ["patient", "carer"] },
    "mfa.settings": {
      roles: ["patient", "carer", "gp"],
      fields: { intent: ["choose", "enable", "resend", "another"], mfaType: ["authenticator", "sms"], smsMobileNumber: MOBILE, code: ["123456"] },
    },
    "password.reset.$token": { roles: ["anonymous"], params: { token: [world.tokens.reset] }, fields: { password: [NEW_PASSWORD], confirmPassword: [NEW_PASSWORD] } },
    "password.reset._index": { roles: ["anonymous"], fields: { email: [world.patient.email, "nobody@example.com"] }, query: { sent: ["1"] } },
    "practice-admin-register.$token": { roles: ["anonymous", "gp"], params: { token: [world.tokens.admin, world.tokens.accept] }, fields: invitation },
    "practice.$practiceCode.register.practice-admin.$token": { roles: ["anonymous", "gp"], params: { token: [world.tokens.admin, world.tokens.accept] }, fields: invitation },
    "practice.$practiceCode.register.staff.$token": { roles: ["anonymous"], params: { token: [world.tokens.staff] }, fields: invitation },
    "practice.$practiceCode.carer.register": {
      roles: ["anonymous"],
      fields: { firstName: ["Carol"], lastName: ["Baker"], email: ["carer.fuzz@example.com"], confirmEmail: ["carer.fuzz@example.com"], mobile: MOBILE, password: [NEW_PASSWORD] },
    },
    "practice.$practiceCode.continue-as-guest": { roles: ["anonymous"], fields: registration(guestPerson, "guest.fuzz@example.com") },
    "practice.$practiceCode.register._index": { roles: ["anonymous"], fields: { ...registration(registrant, "registrant.fuzz@example.com"), password: [NEW_PASSWORD] } },
    "prescriptions._index": {
      roles: ["patient"],
      fields: {
        shown: [world.courseIds.slice(0, 10).join(","), world.courseIds.join(","), ",,,"],
        ...Object.fromEntries(world.courseIds.slice(0, 3).map((id) => [`select-${id}`, ["yes"]])),
        view: ["page=2&sort=dosage&dir=desc", "page=99999999999", "sort=name&dir=asc&page=1e309"],
        intent: ["submit", "update"],
      },
      query: { page: ["1", "2", "10000", "10001"], sort: ["name", "dosage"], dir: ["asc", "desc"] },
    },
    "prescriptions.cancel.$prescriptionId": { roles: ["patient"] },
    "prescriptions.details.$prescriptionId": { roles: ["patient"] },
    "prescriptions.start-again": { roles: ["patient"] },
    "register.$token": {
      roles: ["grant"],
      params: { token: [world.tokens.grant] },
      fields: { email: ["grant.fuzz@example.com"], confirmEmail: ["grant.fuzz@example.com"], password: [NEW_PASSWORD] },
    },
    "security.$token": { roles: ["anonymous"], params: { token: [world.tokens.magic] }, fields: date("dateOfBirth", magicPerson) },
    // My health and feedback (issue "patient side").
    "$practiceCode.my-health.blood-pressure": {
      roles: ["patient", "carer"],
      fields: {
        intent: ["add", "send"],
        patient: [""],
        systolic: ["128", "69", "251", "1e3", ""],
        diastolic: ["82", "128", "-1", ""],
        pulse: ["66", "0", "999", ""],
        "date.day": ["1", "31", "0", ""],
        "date.month": ["11", "2", "13", ""],
        "date.year": ["2026", "2024", "99999", ""],
        time: ["08:30", "0830", "24:00", "", "noon"],
      },
      query: { patient: ["1", "0", "99999999999"] },
      rareQuery: ["patient"],
    },
    "$practiceCode.submittedreading": { roles: ["patient", "carer"], query: { entry: ["1", "0", "x"] } },
    "$practiceCode.feedback": {
      roles: ["patient", "guest", "carer"],
      fields: { feedbackFor: ["practice", "frontdoor", "x"], rating: ["1", "5", "0", "6"], comment: [...TEXT, "", "x".repeat(2001)], mayContact: ["yes", "no"] },
    },
    // The same page without the practice in the address (app/route-table.mjs): the viewer's practice.
    feedback: {
      roles: ["patient", "carer"],
      fields: { feedbackFor: ["practice", "frontdoor", "x"], rating: ["1", "5", "0", "6"], comment: [...TEXT, ""], mayContact: ["yes", "no"] },
    },
    "friends-family-test.$token": {
      roles: ["anonymous"],
      params: { token: ["A".repeat(43), "dead-token"] },
      fields: { answer: ["very_good", "dont_know", "x"], reason: [...TEXT, "", "x".repeat(1001)] },
    },
    // The rest of the patient side (issue "patient side", decisions 0103, 0104, 0108, 0109).
    "$practiceCode.my-health.blood-pressure_.$readingId.delete": { roles: ["patient", "carer"], params: { readingId: ["1", "999999"] } },
    "$practiceCode.patient-transfer": {
      roles: ["patient"],
      fields: { newPractice: ["Oak Surgery", "", "x".repeat(201), ...TEXT], newPracticeTown: ["Leeds", "", "y".repeat(101)], which: ["all", "open", "x"], consent: ["yes", "no", ""] },
    },
    "msg.$type.auth.$token": { roles: ["anonymous"], params: { type: ["message", "questionnaire"], token: [world.tokens.magic] }, fields: date("dateOfBirth", magicPerson) },
    suggestion: { fields: { comment: [...TEXT, "x".repeat(2001)], mode: ["dialog"], returnTo: ["/suggestion", ...REDIRECTS] } },
    "validate.$token": { roles: ["anonymous"], params: { token: [world.tokens.validation] } },
    "session.keep-alive": { roles: [...STANDARD_ROLES] },
    "permission-denied": { query: { error_code: ["logout_required", "no_staff_role", "x"] } },
    "$practiceCode.permission-denied": { query: { error_code: ["logout_required", "no_staff_role", "x"] } },
    "pfs.not-linked": { roles: ["patient", "patient2"], query: { context: ["appointments", "prescriptions", "x"] } },
    "pfs.link-reset": { roles: ["patient", "patient2"] },
    "carer.dependents": { roles: ["carer"] },
    // Staff administration (decision 0075).
    "practice.$practiceCode.manage-staff": {
      roles: ["practiceAdmin", "systemAdmin"],
      fields: { intent: ["invite", "resend", "cancel"], email: ["new.staff.fuzz@nhs.net", "fuzz@example.com", "x@gmail.com"], role: ["gp", "receptionist", "practice_admin"], invitationId: ["7d3f2c1e-8a9b-4c5d-9e0f-1a2b3c4d5e6f"] },
    },
    // A carer's id: nobody on the staff, so the fuzz never takes a real role away (404).
    "practice.$practiceCode.manage-staff_.remove.$userId.$role": {
      roles: ["practiceAdmin", "systemAdmin"],
      params: { userId: [s(world.carer.userId)], role: ["gp", "receptionist", "practice_admin"] },
    },
    // Message templates (issue "templates"): the practice's at /{code}/…, the national ones (system admin).
    ...(() => {
      const template = { title: ["Flu clinic", "", "x".repeat(101)], body: ["Dear {patient_name}, book at {booking_link}", "{nope}", "", ...TEXT], tags: ["flu, asthma", "<b>", ""], intent: ["preview", "save"] };
      const favourite = { intent: ["favourite"], templateId: ["1", "999999", "abc"], favourite: ["true", "false"] };
      const query = { q: ["flu", "%", "_"], tag: ["flu", "nope"], favourites: ["on"], from: ["1", "abc"] };
      return {
        "$practiceCode.message-templates": { roles: ["gp", "practiceAdmin"] as Role[], fields: favourite, query },
        "$practiceCode.create-message-template": { roles: ["gp", "practiceAdmin"] as Role[], fields: template, query },
        "$practiceCode.edit-message-template.$templateId": { roles: ["gp", "practiceAdmin"] as Role[], params: { templateId: ["1", "999999"] }, fields: template },
        "message-templates": { roles: ["systemAdmin"] as Role[], fields: favourite, query },
        "create-message-template": { roles: ["systemAdmin"] as Role[], fields: template, query },
        "edit-message-template.$templateId": { roles: ["systemAdmin"] as Role[], params: { templateId: ["1", "999999"] }, fields: template },
        "$practiceCode.questionnaire-details.$questionnaireId": { roles: ["gp"] as Role[], params: { questionnaireId: ["1", "999999"] }, fields: { intent: ["favourite"], favourite: ["true", "false"] } },
        "$practiceCode.questionnaire.$questionnaireId": { params: { questionnaireId: ["1", "999999"] }, query: { token: ["abc", ""] }, fields: { q1: ["yes", "", "12"], q2: ["10", "x"], q3: ["yes", "no"] } },
        "questionnaire.$questionnaireId": { roles: ["systemAdmin"] as Role[], params: { questionnaireId: ["1", "999999"] }, fields: { intent: ["favourite"], favourite: ["true", "false"] } },
        ...(() => {
          const questionnaire = {
            title: ["Knee pain", "", "x".repeat(101)],
            description: ["Before your appointment", ...TEXT],
            tags: ["msk, physio", "<b>"],
            "questions[0].text": ["How bad is it?", "", ...TEXT],
            "questions[0].kind": ["number", "single_choice", "colour"],
            "questions[0].min": ["0", "ten", "-99999999999"],
            "questions[0].max": ["10", "2.5"],
            "questions[0].options": ["Left\nRight", "Only", ...TEXT],
            "questions[0].required": ["on"],
            __intent__: ['{"type":"insert","payload":{"name":"questions"}}', '{"type":"remove","payload":{"name":"questions","index":0}}', "{nope"],
          };
          return {
            "$practiceCode.create-questionnaire": { roles: ["gp", "practiceAdmin"] as Role[], fields: questionnaire, query: { from: ["1", "abc", "999999"] } },
            "$practiceCode.edit-questionnaire.$questionnaireId": { roles: ["gp"] as Role[], params: { questionnaireId: ["1", "999999"] }, fields: questionnaire },
            "create-questionnaire": { roles: ["systemAdmin"] as Role[], fields: questionnaire, query: { from: ["1"] } },
            "edit-questionnaire.$questionnaireId": { roles: ["systemAdmin"] as Role[], params: { questionnaireId: ["1", "999999"] }, fields: questionnaire },
            "$practiceCode.upload-templates": { roles: ["gp", "practiceAdmin"] as Role[], fields: { file: ["type,title\ntemplate,x", "", ...TEXT] } },
          };
        })(),
      };
    })(),
    "$practiceCode.add-staff-role": { roles: ["practiceAdmin"], fields: { role: ["gp", "receptionist", "practice_admin"] } },
    // Video (issue "video").
    "$practiceCode.videoschedules": {
      roles: ["gp"],
      fields: {
        nhsNumber: ["9990001006", "123", ""],
        date: ["01/01/2099", "31/02/2099", "2099-01-01", "yesterday"],
        time: ["10:00", "25:00", "1:30", ""],
        clinician: [s(world.gp.id), "0", "x"],
        sendSms: ["on", ""],
        overrideMobile: [...MOBILE, "0123", ""],
        notesForPatient: [...TEXT, "x".repeat(1001)],
        notesForMedicalRecord: TEXT,
        request: ["", s(world.ownRequest.id)],
      },
    },
    "$practiceCode.videoschedules_.$consultationId.cancel": { roles: ["gp"], params: { consultationId: ["1"] } },
    "$practiceCode.video.$consultationId": { roles: ["gp"], params: { consultationId: ["1"] }, fields: { intent: ["end", "x"] } },
    "$practiceCode.video.$consultationId_.signal": {
      roles: ["gp", "patient"],
      params: { consultationId: ["1"] },
      fields: { kind: ["hello", "offer", "candidate", "bye", "x"], data: ["null", "{\"type\":\"offer\",\"sdp\":\"v=0\"}", "{bad"], token: ["", "not-a-token"] },
    },
    "$practiceCode.waitingroom": { roles: ["patient"], query: { token: ["x", "a".repeat(30)], consultation: ["1", "x"] } },
    // Group video (issue "video", decision 0123).
    "$practiceCode.group_chats": {
      roles: ["gp", "practiceAdmin"],
      fields: {
        title: [...TEXT, "x".repeat(101)],
        date: ["01/01/2099", "31/02/2099", "yesterday"],
        time: ["10:00", "25:00", ""],
        staff: [s(world.gp.id), "0", "x"],
        patients: ["9990001006", "9990001006\n123", "", "x".repeat(2001)],
      },
    },
    "$practiceCode.group_chat.video.$groupChatId": { roles: ["gp", "patient"], params: { groupChatId: ["1", "999999"] }, fields: { intent: ["end", "x"] } },
    "$practiceCode.group_chat.video.$groupChatId_.signal": {
      roles: ["gp", "patient"],
      params: { groupChatId: ["1"] },
      fields: { kind: ["hello", "offer", "candidate", "bye", "x"], data: ["null", "{\"type\":\"offer\",\"sdp\":\"v=0\"}", "{bad"], to: ["", "1", "x", "99999999999"] },
    },
    // Availability, leave and calendar (issue "video", decisions 0097, 0098).
    "$practiceCode.availability.$staffMemberId": {
      roles: ["gp", "practiceAdmin"],
      params: { staffMemberId: [s(world.gp.id), "999999", "x"] },
      fields: { monday1Start: ["08:30", "8.30", "25:00", "", ...TEXT], monday1End: ["12:30", "07:00", ""], monday2Start: ["13:30", "10:00", ""], monday2End: ["18:00", ""], friday1Start: ["9", "x".repeat(50)] },
    },
    "$practiceCode.leave.$staffMemberId": {
      roles: ["gp", "practiceAdmin"],
      params: { staffMemberId: [s(world.gp.id), "999999"] },
      fields: {
        kind: ["leave", "out_of_office", "holiday"],
        "start.day": ["1", "31", "x", ""],
        "start.month": ["12", "13", ""],
        "start.year": ["2099", "99", "99999999999"],
        "end.day": ["2", "30"],
        "end.month": ["12", "2"],
        "end.year": ["2099", "2098"],
        cover: ["none", s(world.gp.id), "0", "99999999999", "x"],
        note: [...TEXT, "x".repeat(201)],
      },
    },
    "$practiceCode.leave.$staffMemberId_.$leaveId": {
      roles: ["gp"],
      params: { staffMemberId: [s(world.gp.id)], leaveId: ["1", "999999", "x"] },
      fields: { kind: ["leave", "x"], "start.day": ["1", ""], "start.month": ["1"], "start.year": ["2099"], "end.day": ["1"], "end.month": ["1"], "end.year": ["2099", "2098"], cover: ["none", "x"] },
    },
    "$practiceCode.leave.$staffMemberId_.$leaveId.cancel": { roles: ["gp"], params: { staffMemberId: [s(world.gp.id)], leaveId: ["1", "999999"] } },
    "$practiceCode.patient-facing-name": { roles: ["gp"], fields: { name: [...TEXT, "Dr Fuzz", "x", "x".repeat(301)] } },
    "$practiceCode.notification-settings.$userId": {
      roles: ["gp", "practiceAdmin"],
      params: { userId: [s(world.gp.id)] },
      fields: { inbox: ["My Inbox", "Unassigned", "Awaiting Response", "Admin"], confirmed: ["yes", ""] },
    },
    "$practiceCode.notification-settings.$userId_.confirm": { roles: ["gp"], params: { userId: [s(world.gp.id)] }, query: { inbox: ["Unassigned", "My Inbox"] } },
    "$practiceCode.notification-settings._index": { roles: ["gp"] },
    "practices.$practiceCode.consents.$feature": {
      roles: ["practiceAdmin", "systemAdmin"],
      params: { feature: ["bulk_messaging", "video", "ai_triage"] },
      fields: { intent: ["agree", "withdraw"], agree: ["yes", ""], understood: ["yes", ""] },
    },
    // Practice settings (issue "administration"): every section's intent and fields. The url
    // code stays the world's (other routes' params name it); MFA and idle logout stay off so
    // the fuzz's own sessions are not changed under it.
    "practices.edit.$practiceCode": {
      roles: ["practiceAdmin", "systemAdmin"],
      fields: {
        intent: ["details", "gp-system", "features", "idle-timeout", "opening-hours", "requests", "patient-reply", "compliance", "add-closure", "cancel-closure"],
        name: ["Fuzz Surgery", ...TEXT],
        urlCode: [world.practice.urlCode, "bad code!"],
        odsCode: ["Y12345", "", "Y1-2"],
        addressLine1: TEXT,
        town: ["Leeds", ""],
        postcode: ["LS1 4AP", ""],
        phone: ["0113 496 0000", "", "12"],
        ehrType: ["emis", "tpp"],
        pfsEhrType: ["none", "emis", "tpp"],
        allowVideo: ["on"],
        bulkMessagingEnabled: ["on"],
        notificationSetting: ["on"],
        idleTimeout: ["", "600", "1"],
        ...Object.fromEntries(
          ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].flatMap((day) => [
            [`${day}Closed`, ["on", ""]],
            [`${day}Opens`, ["08:00", "07:30", "25:00"]],
            [`${day}Closes`, ["18:30", "17:00", "19:00"]],
          ]),
        ),
        dailyRequestLimit: ["", "50", "0"],
        switchedOffToday: ["on", ""],
        requestsInOpeningHoursOnly: ["on", ""],
        demandMessage: [...TEXT, ""],
        patientReply: ["assignee", "unassigned"],
        country: ["england", "wales"],
        coreHoursCompliance: ["on", ""],
        startDate: ["21/11/2026", "31/02/2026"],
        startTime: ["09:00", "9am"],
        endDate: ["21/11/2026", "22/11/2026"],
        endTime: ["17:00", "08:00"],
        reason: ["Staff training", ""],
        alternative: ["Call NHS 111", ""],
        closureId: ["1", "2147483647"],
      },
    },
    // Bulk messages, booking invitations and reminder links (issue "templates").
    "$practiceCode.bulk-messages": { roles: ["gp", "practiceAdmin"] },
    "$practiceCode.bulk-message.$bulkMessageId": {
      roles: ["gp", "practiceAdmin"],
      params: { bulkMessageId: ["1", "999999"] },
      query: { step: ["recipients", "message", "channels", "check", "x"], confirm: ["stop"] },
      fields: {
        intent: ["recipients", "message", "use-template", "channels", "send", "schedule", "stop", "delete", "attach", "remove-file:x", "remove-file:00000000-0000-0000-0000-000000000000"],
        minAge: ["65", "", "200", "x"],
        maxAge: ["70", "", "-1"],
        excludeNonDigital: ["on"],
        nhsNumbersFile: ["9990000018\n", "nope"],
        title: ["Flu clinic", "", "x".repeat(101)],
        body: ["Book at {booking_link}", "", "x".repeat(919)],
        bookingSlotType: ["Face to face", "", "x"],
        templateId: ["1", "999999", "x"],
        channels: ["sms", "email", "nhs_app", "x"],
        date: ["2030-01-01", "2020-01-01", "x"],
        time: ["09:00", "25:00"],
      },
    },
    "$practiceCode.bulk-message.$bulkMessageId_.files.$fileId": {
      roles: ["gp", "practiceAdmin"],
      params: { bulkMessageId: ["1", "999999", "x"], fileId: ["00000000-0000-4000-8000-000000000000", "x"] },
    },
    "patient_bulk_messages.patient": { roles: ["patient", "carer"] },
    "patient_bulk_messages.$bulkMessageId.request": { roles: ["patient"], params: { bulkMessageId: ["1", "999999"] }, fields: { reply: [...TEXT, "", "x".repeat(2001)] } },
    "$practiceCode.appointment-booking.$invitationId": { params: { invitationId: ["1", "999999"] }, query: { token: ["abc", ""] }, fields: { slotId: ["1", "x", ""] } },
    "appointment_reminders.cancel.$token": { roles: ["anonymous"], params: { token: ["A".repeat(43), "dead-token"] } },
    "appointment_reminders.unsubscribe.$token": { roles: ["anonymous"], params: { token: ["A".repeat(43), "dead-token"] } },
    "$practiceCode.bm.$bulkMessageId.files.$token": { roles: ["anonymous"], params: { bulkMessageId: ["1", "999999", "x"], token: ["A".repeat(43), "dead-token"] } },
    "notify.delivery-receipts": { roles: ["anonymous"], fields: { id: ["740e5834-3a29-46b4-9a6f-16142fde533a", ""], reference: ["bm1-p1-sms", ""], status: ["delivered", "x"] } },
    "$practiceCode.bm.$bulkMessageId.files.$token_.download": { roles: ["anonymous"], params: { bulkMessageId: ["1", "x"], token: ["A".repeat(43), "dead-token"] } },
  };
}
