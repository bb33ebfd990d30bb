/**
 * Patient and carer registration, the e-mail-sent page, /validate and the carer's
 * dependent registration: real Requests against the route modules, a real database.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { copy } from "~/copy";
import { auditEvents, authTokens, carerDependents, patients, practices, sessions, userGlobalRoles, users } from "~/db/schema";
import { RESEND_TOO_SOON } from "~/domain/accounts/email-sent.server";
import { EMAIL_SENT_COOKIE } from "~/web/accounts/email-sent.server";
import { TOO_MANY_ATTEMPTS } from "~/domain/accounts/registration.server";
import { verifyPassword } from "~/domain/auth/password.server";
import { FLASH_COOKIE, readFlash } from "~/web/flash.server";
import { type TestContext } from "../../../tests/support/context";
import { useTestWorld } from "../../../tests/support/world";
import {
  createPatient,
  createPractice,
  createUser,
  KNOWN_PASSWORD,
  linkSentTo,
  messagesTo,
  sessionCookie,
  tokenOf,
  uniqueEmail,
  userByEmail,
} from "../../../tests/support/registration-fixtures";
import { callAction, callLoader, cookieHeaderAfter, getRequest, postRequest, readJson, setCookie } from "../../../tests/support/requests";
import * as dependentRoute from "../dependents/$practiceCode.carer.$carerId.register";
import * as emailSentRoute from "./$practiceCode.email-sent";
import * as carerRoute from "../dependents/practice.$practiceCode.carer.register";
import * as registerRoute from "./practice.$practiceCode.register._index";
import * as validateRoute from "./validate.$token";

let context: TestContext;
let practice: typeof practices.$inferSelect;
// Each test its own address: unmatched registrations are throttled per address.
const t = useTestWorld({ ownAddressPerTest: true, onContext: (made) => (context = made) });

beforeEach(async () => {
  practice = await createPractice(context);
});

type Reply = { lastResult?: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } | null };
const SECOND = 1000;

function registrationFields(patient: { firstName: string; lastName: string }, email: string, extra: Record<string, string> = {}) {
  return {
    firstName: patient.firstName,
    lastName: patient.lastName,
    "dateOfBirth.day": "14",
    "dateOfBirth.month": "01",
    "dateOfBirth.year": "1972",
    email,
    confirmEmail: email,
    mobile: "07700900200",
    password: "Brand-new-password-1",
    ...extra,
  };
}

const register = (fields: Record<string, string>, options: { cookie?: string; code?: string } = {}) => {
  const code = options.code ?? practice.urlCode;
  return callAction(registerRoute.action, {
    request: postRequest(`/practice/${code}/register`, fields, { cookie: options.cookie }),
    params: { practiceCode: code },
    context,
  });
};

async function patientRow(id: number) {
  const [row] = await t.db.select().from(patients).where(eq(patients.id, id));
  return row;
}

describe("patient registration", () => {
  it("shows the form to visitors, with the maximum patient age; 404 for an unknown practice", async () => {
    const page = await callLoader(registerRoute.loader, {
      request: getRequest(`/practice/${practice.urlCode}/register`),
      params: { practiceCode: practice.urlCode },
      context,
    });
    expect(await readJson(page)).toMatchObject({ practice: { urlCode: practice.urlCode }, maximumPatientAge: 111 });
    const unknown = await callLoader(registerRoute.loader, {
      request: getRequest("/practice/nosuchpractice/register"),
      params: { practiceCode: "nosuchpractice" },
      context,
    });
    expect(unknown.status).toBe(404);
  });

  it("sends a signed-in user on (not_loggedin), in the loader and the action", async () => {
    const user = await createUser(context);
    const patient = await createPatient(context, practice.id, { userId: user.id });
    const cookie = await sessionCookie(context, user.id);
    const page = await callLoader(registerRoute.loader, {
      request: getRequest(`/practice/${practice.urlCode}/register`, { cookie }),
      params: { practiceCode: practice.urlCode },
      context,
    });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`/${practice.urlCode}/message`);
    const posted = await register(registrationFields(patient, uniqueEmail()), { cookie });
    expect(posted.status).toBe(302);
  });

  it("creates the account, links the patient record and sends the validation e-mail", async () => {
    const patient = await createPatient(context, practice.id);
    const email = uniqueEmail("new.patient");
    const response = await register(registrationFields({ firstName: "  oliver ", lastName: patient.lastName.toUpperCase() }, email.toUpperCase()));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/${practice.urlCode}/email-sent`);
    expect(setCookie(response, EMAIL_SENT_COOKIE)?.attributes.httponly).toBe(true);

    const user = await userByEmail(context, email);
    expect(user).toMatchObject({ email, firstName: "oliver", isGuestAccount: false, emailVerifiedAt: null, mobile: "07700900200" });
    expect(user!.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword("Brand-new-password-1", user!.passwordHash)).toBe(true);
    expect((await patientRow(patient.id)).userId).toBe(user!.id);
    const link = await linkSentTo(context, email, "email-validation");
    expect(link).toMatch(/^\/validate\/[\w-]+$/);
  });

  it("answers a form error with 400, keeps what was typed except the password", async () => {
    const response = await register({ ...registrationFields({ firstName: "Oliver", lastName: "X" }, "a@example.com"), password: "weak", confirmEmail: "b@example.com" });
    expect(response.status).toBe(400);
    const { lastResult } = await readJson<Reply>(response);
    expect(lastResult?.error).toMatchObject({ password: [copy.validation.password], confirmEmail: [copy.validation.confirmEmailMismatch] });
    expect(lastResult?.initialValue).toMatchObject({ firstName: "Oliver", email: "a@example.com" });
    expect(lastResult?.initialValue?.password).toBeUndefined();
  });

  it("refuses someone who is not a patient of this practice, with the spec's message", async () => {
    const elsewhere = await createPractice(context, "Another Surgery");
    const patient = await createPatient(context, elsewhere.id);
    const email = uniqueEmail();
    const response = await register(registrationFields(patient, email));
    expect(response.status).toBe(400);
    const { lastResult } = await readJson<Reply>(response);
    expect(lastResult?.error?.[""]).toEqual([copy.validation.registeredPatient(context.config.productName)]);
    expect(await userByEmail(context, email)).toBeNull();
    // A wrong date of birth is no match either.
    const wrongDate = await register(registrationFields(patient, email, { "dateOfBirth.day": "15" }), { code: elsewhere.urlCode });
    expect(wrongDate.status).toBe(400);
  });

  it("stops answering after 10 unmatched people a minute from one address (no probing who is a patient)", async () => {
    const patient = await createPatient(context, practice.id);
    for (let i = 0; i < 10; i++) {
      const response = await register(registrationFields({ firstName: "Nobody", lastName: `Probe${i}` }, uniqueEmail()));
      expect(response.status).toBe(400);
    }
    const email = uniqueEmail();
    const throttled = await register(registrationFields(patient, email));
    expect(throttled.status).toBe(429);
    expect((await readJson<Reply>(throttled)).lastResult?.error?.[""]).toEqual([TOO_MANY_ATTEMPTS]);
    expect(await userByEmail(context, email)).toBeNull();
    context.clock.advance(61 * SECOND);
    expect((await register(registrationFields(patient, email))).status).toBe(303);
  });

  it("asks for the postcode when two patients share name and birthday, then tells them apart", async () => {
    const first = await createPatient(context, practice.id, { postcode: "LS1 3EX" });
    const second = await createPatient(context, practice.id, { lastName: first.lastName, postcode: "HG1 5AA" });
    const email = uniqueEmail();
    const ambiguous = await register(registrationFields(first, email));
    expect(ambiguous.status).toBe(400);
    expect((await readJson<Reply>(ambiguous)).lastResult?.error?.postcode?.[0]).toMatch(/Enter the postcode/);
    const response = await register(registrationFields(first, email, { postcode: "hg15aa" }));
    expect(response.status).toBe(303);
    expect((await patientRow(second.id)).userId).toBe((await userByEmail(context, email))!.id);
    expect((await patientRow(first.id)).userId).toBeNull();
  });

  it("creates one account on a double submit, and sends one validation e-mail", async () => {
    const patient = await createPatient(context, practice.id);
    const email = uniqueEmail("double");
    const fields = registrationFields(patient, email);
    const responses = await Promise.all([register(fields), register(fields)]);
    expect(responses.map((r) => r.status)).toEqual([303, 303]);
    expect(responses.map((r) => r.headers.get("Location"))).toEqual([`/${practice.urlCode}/email-sent`, `/${practice.urlCode}/email-sent`]);
    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(await messagesTo(context, email, "email-validation")).toHaveLength(1);
    expect(await messagesTo(context, email, "account-exists")).toHaveLength(0);
  });

  it("does not reveal an address in use: same answer, and an e-mail to its owner", async () => {
    const owner = await createUser(context, { email: uniqueEmail("owner") });
    const patient = await createPatient(context, practice.id);
    const response = await register(registrationFields(patient, owner.email));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/${practice.urlCode}/email-sent`);
    const [notice] = await messagesTo(context, owner.email, "account-exists");
    expect(notice.body).toContain(`/${practice.urlCode}/login`);
    expect(notice.body).toContain("/password/reset");
    // Nothing changed: no new user, the old password still works, the record is not taken.
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(await verifyPassword(KNOWN_PASSWORD, row.passwordHash)).toBe(true);
    expect((await patientRow(patient.id)).userId).toBeNull();
    // A second try within the interval does not e-mail the owner again.
    await register(registrationFields(patient, owner.email));
    expect(await messagesTo(context, owner.email, "account-exists")).toHaveLength(1);
  });

  it("re-sends the validation link to an address in use whose owner never confirmed it", async () => {
    const owner = await createUser(context, { verified: false });
    const patient = await createPatient(context, practice.id);
    // An hour later (moments later would be a double submit, which sends nothing more).
    context.clock.advance(60 * 60 * 1000);
    await register(registrationFields(patient, owner.email));
    expect(await linkSentTo(context, owner.email, "email-validation")).toMatch(/^\/validate\//);
  });

  it("does not create a second account for a patient whose record has a confirmed one", async () => {
    const holder = await createUser(context);
    const patient = await createPatient(context, practice.id, { userId: holder.id });
    const email = uniqueEmail("second");
    const response = await register(registrationFields(patient, email));
    expect(response.headers.get("Location")).toBe(`/${practice.urlCode}/email-sent`);
    expect(await userByEmail(context, email)).toBeNull();
    expect(await messagesTo(context, email, "patient-already-registered")).toHaveLength(1);
    expect((await patientRow(patient.id)).userId).toBe(holder.id);
  });

  it("takes over a record held by an account that never confirmed its address (a mistyped one)", async () => {
    const patient = await createPatient(context, practice.id);
    await register(registrationFields(patient, uniqueEmail("typo")));
    const email = uniqueEmail("right");
    await register(registrationFields(patient, email));
    expect((await patientRow(patient.id)).userId).toBe((await userByEmail(context, email))!.id);
  });

  it("turns a guest account into a full one, which must confirm its address again", async () => {
    const guest = await createUser(context, { guest: true });
    const patient = await createPatient(context, practice.id, { userId: guest.id });
    await sessionCookie(context, guest.id);
    const response = await register(registrationFields(patient, guest.email));
    expect(response.status).toBe(303);
    const [row] = await t.db.select().from(users).where(eq(users.id, guest.id));
    expect(row).toMatchObject({ isGuestAccount: false, emailVerifiedAt: null });
    expect(await verifyPassword("Brand-new-password-1", row.passwordHash)).toBe(true);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, guest.id))).toHaveLength(0);
    expect((await patientRow(patient.id)).userId).toBe(guest.id);
    expect(await messagesTo(context, guest.email, "email-validation")).toHaveLength(1);
  });
});

describe("/validate/{token}", () => {
  async function registered() {
    const patient = await createPatient(context, practice.id);
    const email = uniqueEmail("validate");
    await register(registrationFields(patient, email));
    return { email, token: tokenOf(await linkSentTo(context, email, "email-validation")) };
  }
  const open = (token: string) => callLoader(validateRoute.loader, { request: getRequest(`/validate/${token}`), params: { token }, context });
  const confirm = (token: string) => callAction(validateRoute.action, { request: postRequest(`/validate/${token}`), params: { token }, context });

  it("shows a button on GET without using the link (mail scanners fetch links)", async () => {
    const { email, token } = await registered();
    for (let i = 0; i < 3; i++) expect(await readJson(await open(token))).toEqual({ state: "confirm" });
    expect((await userByEmail(context, email))!.emailVerifiedAt).toBeNull();
  });

  it("confirms the address on POST and sends the user to sign in at their practice", async () => {
    const { email, token } = await registered();
    const response = await confirm(token);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/${practice.urlCode}/registered`);
    expect((await userByEmail(context, email))!.emailVerifiedAt).toEqual(context.clock.now());
  });

  it("explains a used, expired or unknown link with 410", async () => {
    const { token } = await registered();
    await confirm(token);
    expect((await confirm(token)).status).toBe(410);
    expect((await open(token)).status).toBe(410);
    expect(await readJson(await open("nonsense"))).toEqual({ state: "expired" });
    const late = await registered();
    context.clock.advance(25 * 60 * 60 * SECOND);
    expect((await open(late.token)).status).toBe(410);
  });
});

describe("/{code}/email-sent", () => {
  it("names the address typed and re-sends at most once a minute", async () => {
    const patient = await createPatient(context, practice.id);
    const email = uniqueEmail("resend");
    const registration = await register(registrationFields(patient, email));
    const cookie = cookieHeaderAfter(registration);
    const page = await callLoader(emailSentRoute.loader, {
      request: getRequest(`/${practice.urlCode}/email-sent`, { cookie }),
      params: { practiceCode: practice.urlCode },
      context,
    });
    expect(await readJson(page)).toMatchObject({ email, kind: "registration" });

    const resend = () =>
      callAction(emailSentRoute.action, {
        request: postRequest(`/${practice.urlCode}/email-sent`, {}, { cookie }),
        params: { practiceCode: practice.urlCode },
        context,
      });
    const tooSoon = await resend();
    expect(tooSoon.status).toBe(429);
    expect(await readJson(tooSoon)).toEqual({ errors: [RESEND_TOO_SOON] });

    const firstLink = await linkSentTo(context, email, "email-validation");
    context.clock.advance(61 * SECOND);
    const again = await resend();
    expect(again.status).toBe(303);
    const flash = setCookie(again, FLASH_COOKIE);
    expect(readFlash(context.config.sessionSecret, getRequest("/", { cookie: { [FLASH_COOKIE]: flash!.value } }))?.text).toBe(
      "We have sent the email again.",
    );
    const secondLink = await linkSentTo(context, email, "email-validation");
    expect(secondLink).not.toBe(firstLink);
    // Only the newest link works.
    const oldToken = tokenOf(firstLink);
    expect((await callAction(validateRoute.action, { request: postRequest(firstLink), params: { token: oldToken }, context })).status).toBe(410);
  });

  it("without the cookie, shows the page with no address and sends nothing", async () => {
    const page = await callLoader(emailSentRoute.loader, {
      request: getRequest(`/${practice.urlCode}/email-sent`),
      params: { practiceCode: practice.urlCode },
      context,
    });
    expect(await readJson(page)).toMatchObject({ email: null, kind: null });
  });
});

describe("carer registration", () => {
  const carerFields = (email: string) => ({
    firstName: "James",
    lastName: "Okafor",
    email,
    confirmEmail: email,
    mobile: "07700900456",
    password: "Carer-password-2026",
  });

  it("creates a carer_user account with no patient record, then validates at the practice", async () => {
    const email = uniqueEmail("carer");
    const response = await callAction(carerRoute.action, {
      request: postRequest(`/practice/${practice.urlCode}/carer/register`, carerFields(email)),
      params: { practiceCode: practice.urlCode },
      context,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/${practice.urlCode}/email-sent`);
    const user = (await userByEmail(context, email))!;
    expect(await t.db.select({ role: userGlobalRoles.role }).from(userGlobalRoles).where(eq(userGlobalRoles.userId, user.id))).toEqual([
      { role: "carer_user" },
    ]);
    expect(await t.db.select().from(patients).where(eq(patients.userId, user.id))).toHaveLength(0);
    const token = tokenOf(await linkSentTo(context, email, "email-validation"));
    const confirmed = await callAction(validateRoute.action, { request: postRequest(`/validate/${token}`), params: { token }, context });
    expect(confirmed.headers.get("Location")).toBe(`/${practice.urlCode}/registered`);
  });

  it("answers errors with 400 and an address in use like any other", async () => {
    const bad = await callAction(carerRoute.action, {
      request: postRequest(`/practice/${practice.urlCode}/carer/register`, { ...carerFields("x@example.com"), mobile: "12345" }),
      params: { practiceCode: practice.urlCode },
      context,
    });
    expect(bad.status).toBe(400);
    const owner = await createUser(context);
    const taken = await callAction(carerRoute.action, {
      request: postRequest(`/practice/${practice.urlCode}/carer/register`, carerFields(owner.email)),
      params: { practiceCode: practice.urlCode },
      context,
    });
    expect(taken.headers.get("Location")).toBe(`/${practice.urlCode}/email-sent`);
    expect(await messagesTo(context, owner.email, "account-exists")).toHaveLength(1);
  });
});

describe("/{code}/carer/{carer_id}/register", () => {
  const dependentFields = (patient: { firstName: string; lastName: string }, extra: Record<string, string> = {}) => ({
    firstName: patient.firstName,
    lastName: patient.lastName,
    "dateOfBirth.day": "14",
    "dateOfBirth.month": "1",
    "dateOfBirth.year": "1972",
    relationship: "Son",
    reason: "adult_consents",
    ...extra,
  });
  const add = (carerId: number, fields: Record<string, string>, cookie?: string) =>
    callAction(dependentRoute.action, {
      request: postRequest(`/${practice.urlCode}/carer/${carerId}/register`, fields, { cookie }),
      params: { practiceCode: practice.urlCode, carerId: String(carerId) },
      context,
    });

  it("asks the practice: a pending link, nothing of the patient until approved, with a flash", async () => {
    const carer = await createUser(context, { carer: true });
    const cookie = await sessionCookie(context, carer.id);
    const patient = await createPatient(context, practice.id, { firstName: "Grace" });
    const response = await add(carer.id, dependentFields(patient), cookie);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/carer/dependents");
    const flash = readFlash(context.config.sessionSecret, getRequest("/", { cookie: { [FLASH_COOKIE]: setCookie(response, FLASH_COOKIE)!.value } }));
    expect(flash).toEqual({
      kind: "success",
      text: `We have asked ${practice.name} to confirm that you care for Grace ${patient.lastName}. You can act for them once the practice approves.`,
    });
    const rows = await t.db.select().from(carerDependents).where(eq(carerDependents.carerUserId, carer.id));
    expect(rows).toMatchObject([{ patientId: patient.id, relationship: "Son", status: "pending", reason: "adult_consents" }]);
    const again = await add(carer.id, dependentFields(patient), cookie);
    expect(again.status).toBe(303);
    expect(await t.db.select().from(carerDependents).where(eq(carerDependents.carerUserId, carer.id))).toHaveLength(1);
    expect(await t.db.select().from(auditEvents).where(eq(auditEvents.action, "proxy_link.requested"))).not.toHaveLength(0);
  });

  it("refuses someone who is not a patient there", async () => {
    const carer = await createUser(context, { carer: true });
    const cookie = await sessionCookie(context, carer.id);
    const response = await add(carer.id, dependentFields({ firstName: "Nobody", lastName: "Atall" }), cookie);
    expect(response.status).toBe(400);
    expect((await readJson<Reply>(response)).lastResult?.error?.[""]).toEqual([
      `They must be registered at this practice to use ${context.config.productName}.`,
    ]);
  });

  it("is for that carer only: others are denied, visitors sent to sign in", async () => {
    const carer = await createUser(context, { carer: true });
    const otherCarer = await createUser(context, { carer: true });
    const notACarer = await createUser(context);
    const patient = await createPatient(context, practice.id);
    const denied = await add(carer.id, dependentFields(patient), await sessionCookie(context, otherCarer.id));
    expect(denied.headers.get("Location")).toBe(`/${practice.urlCode}/permission-denied`);
    const notCarer = await add(notACarer.id, dependentFields(patient), await sessionCookie(context, notACarer.id));
    expect(notCarer.headers.get("Location")).toBe(`/${practice.urlCode}/permission-denied`);
    const anonymous = await callLoader(dependentRoute.loader, {
      request: getRequest(`/${practice.urlCode}/carer/${carer.id}/register`),
      params: { practiceCode: practice.urlCode, carerId: String(carer.id) },
      context,
    });
    expect(anonymous.headers.get("Location")).toMatch(/login\?redirect=/);
    expect(await t.db.select().from(carerDependents).where(eq(carerDependents.patientId, patient.id))).toHaveLength(0);
  });

  it("does not let a carer add their own record", async () => {
    const carer = await createUser(context, { carer: true });
    const own = await createPatient(context, practice.id, { userId: carer.id });
    const response = await add(carer.id, dependentFields(own), await sessionCookie(context, carer.id));
    expect(response.status).toBe(400);
  });
});

describe("tokens stay single-use", () => {
  it("a validation link cannot be used twice, even at once", async () => {
    const patient = await createPatient(context, practice.id);
    const email = uniqueEmail("race");
    await register(registrationFields(patient, email));
    const token = tokenOf(await linkSentTo(context, email, "email-validation"));
    const results = await Promise.all(
      [1, 2].map(() => callAction(validateRoute.action, { request: postRequest(`/validate/${token}`), params: { token }, context })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([303, 410]);
    const used = await t.db.select().from(authTokens).where(eq(authTokens.email, email));
    expect(used.every((row) => row.usedAt !== null)).toBe(true);
  });
});
