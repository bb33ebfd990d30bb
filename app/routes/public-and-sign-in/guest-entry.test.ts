/**
 * Guest entry (/practice/{code}/continue-as-guest) and its link (/guest-validate/{token}):
 * real Requests against the route modules, a real database.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { copy } from "~/copy";
import { patients, practices, sessions, users } from "~/db/schema";
import { getViewer } from "~/web/auth/viewer.server";
import { FLASH_COOKIE, readFlash } from "~/web/flash.server";
import { type TestContext } from "../../../tests/support/context";
import { useTestWorld } from "../../../tests/support/world";
import {
  createPatient,
  createPractice,
  createUser,
  linkSentTo,
  messagesTo,
  sessionCookie,
  tokenOf,
  uniqueEmail,
  userByEmail,
} from "../../../tests/support/registration-fixtures";
import { callAction, callLoader, cookieHeaderAfter, getRequest, postRequest, readJson, setCookie } from "../../../tests/support/requests";
import * as guestValidateRoute from "./guest-validate.$token";
import * as guestRoute from "./practice.$practiceCode.continue-as-guest";

let context: TestContext;
let practice: typeof practices.$inferSelect;
// Each test its own address: unmatched registrations are throttled per address.
const t = useTestWorld({ ownAddressPerTest: true, onContext: (made) => (context = made) });

beforeEach(async () => {
  practice = await createPractice(context, "Guest Test Surgery");
});

const guestFields = (patient: { firstName: string; lastName: string }, email: string) => ({
  firstName: patient.firstName,
  lastName: patient.lastName,
  "dateOfBirth.day": "14",
  "dateOfBirth.month": "1",
  "dateOfBirth.year": "1972",
  email,
  confirmEmail: email,
  mobile: "+447700900300",
});

const enter = (fields: Record<string, string>) =>
  callAction(guestRoute.action, {
    request: postRequest(`/practice/${practice.urlCode}/continue-as-guest`, fields),
    params: { practiceCode: practice.urlCode },
    context,
  });
const openLink = (token: string) =>
  callLoader(guestValidateRoute.loader, { request: getRequest(`/guest-validate/${token}`), params: { token }, context });
const useLink = (token: string, cookie?: string) =>
  callAction(guestValidateRoute.action, { request: postRequest(`/guest-validate/${token}`, {}, { cookie }), params: { token }, context });

async function ownerOf(patientId: number) {
  const [row] = await t.db.select({ userId: patients.userId }).from(patients).where(eq(patients.id, patientId));
  return row.userId;
}

describe("continue as a guest", () => {
  it("creates a guest account without a password and e-mails a guest link", async () => {
    const patient = await createPatient(context, practice.id);
    const email = uniqueEmail("guest");
    const response = await enter(guestFields(patient, email));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/${practice.urlCode}/email-sent`);
    const guest = await userByEmail(context, email);
    expect(guest).toMatchObject({ isGuestAccount: true, passwordHash: null, emailVerifiedAt: null });
    // Linked only once the address is proven.
    expect(await ownerOf(patient.id)).toBeNull();
    const [message] = await messagesTo(context, email, "guest-validation");
    expect(message.body).toContain("Guest Test Surgery");
    expect(await linkSentTo(context, email, "guest-validation")).toMatch(/^\/guest-validate\//);
  });

  it("refuses someone who is not a registered patient, with the spec's message", async () => {
    const response = await enter(guestFields({ firstName: "Nobody", lastName: "Known" }, uniqueEmail()));
    expect(response.status).toBe(400);
    const { lastResult } = await readJson<{ lastResult: { error: Record<string, string[]> } }>(response);
    expect(lastResult.error[""]).toEqual([copy.validation.registeredPatient(context.config.productName)]);
  });

  it("the link shows a button, then signs the guest in, links the record and goes to make a request", async () => {
    const patient = await createPatient(context, practice.id);
    const email = uniqueEmail("guest");
    await enter(guestFields(patient, email));
    const token = tokenOf(await linkSentTo(context, email, "guest-validation"));
    expect(await readJson(await openLink(token))).toEqual({
      state: "confirm",
      practice: { name: "Guest Test Surgery", urlCode: practice.urlCode },
    });

    const response = await useLink(token);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/${practice.urlCode}/message`);
    const guest = (await userByEmail(context, email))!;
    expect(guest.emailVerifiedAt).toEqual(context.clock.now());
    expect(guest.mobile).toBe("+447700900300");
    expect(await ownerOf(patient.id)).toBe(guest.id);
    const viewer = await getViewer(getRequest(`/${practice.urlCode}/message`, { cookie: cookieHeaderAfter(response) }), context);
    expect(viewer).toMatchObject({ userId: guest.id, isGuest: true, patient: { id: patient.id, urlCode: practice.urlCode } });

    expect((await useLink(token)).status).toBe(410);
    expect((await openLink(token)).status).toBe(410);
  });

  it("signs out whoever was signed in on that browser before", async () => {
    const patient = await createPatient(context, practice.id);
    const someone = await createUser(context);
    const cookie = await sessionCookie(context, someone.id);
    const email = uniqueEmail("guest");
    await enter(guestFields(patient, email));
    await useLink(tokenOf(await linkSentTo(context, email, "guest-validation")), cookie);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, someone.id))).toHaveLength(0);
  });

  it("reuses a returning guest's account and sends one link per minute", async () => {
    const patient = await createPatient(context, practice.id);
    const email = uniqueEmail("returning");
    await enter(guestFields(patient, email));
    await enter(guestFields(patient, email));
    expect(await messagesTo(context, email, "guest-validation")).toHaveLength(1);
    context.clock.advance(61_000);
    await enter(guestFields(patient, email));
    expect(await messagesTo(context, email, "guest-validation")).toHaveLength(2);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("passes a record from one guest to the next when the new guest proves their address", async () => {
    const patient = await createPatient(context, practice.id);
    const first = uniqueEmail("first");
    await enter(guestFields(patient, first));
    await useLink(tokenOf(await linkSentTo(context, first, "guest-validation")));
    const second = uniqueEmail("second");
    await enter(guestFields(patient, second));
    expect(await ownerOf(patient.id)).toBe((await userByEmail(context, first))!.id);
    await useLink(tokenOf(await linkSentTo(context, second, "guest-validation")));
    expect(await ownerOf(patient.id)).toBe((await userByEmail(context, second))!.id);
  });

  it("never lends a full account's record to a guest: the address typed is told to sign in", async () => {
    const holder = await createUser(context);
    const patient = await createPatient(context, practice.id, { userId: holder.id });
    const email = uniqueEmail("notme");
    const response = await enter(guestFields(patient, email));
    expect(response.headers.get("Location")).toBe(`/${practice.urlCode}/email-sent`);
    expect(await userByEmail(context, email)).toBeNull();
    expect(await messagesTo(context, email, "patient-already-registered")).toHaveLength(1);
  });

  it("sends the owner of a full account an e-mail instead of a guest link", async () => {
    const owner = await createUser(context);
    const patient = await createPatient(context, practice.id);
    await enter(guestFields(patient, owner.email));
    expect(await messagesTo(context, owner.email, "guest-validation")).toHaveLength(0);
    expect(await messagesTo(context, owner.email, "account-exists")).toHaveLength(1);
  });

  it("when the patient registered meanwhile, the guest link sends them to sign in", async () => {
    const patient = await createPatient(context, practice.id);
    const email = uniqueEmail("late");
    await enter(guestFields(patient, email));
    const holder = await createUser(context);
    await t.db.update(patients).set({ userId: holder.id }).where(eq(patients.id, patient.id));
    const response = await useLink(tokenOf(await linkSentTo(context, email, "guest-validation")));
    expect(response.headers.get("Location")).toBe(`/${practice.urlCode}/login`);
    expect(setCookie(response, "fd_session")).toBeUndefined();
    const flash = readFlash(context.config.sessionSecret, getRequest("/", { cookie: { [FLASH_COOKIE]: setCookie(response, FLASH_COOKIE)!.value } }));
    expect(flash?.kind).toBe("info");
    expect(await ownerOf(patient.id)).toBe(holder.id);
  });
});
