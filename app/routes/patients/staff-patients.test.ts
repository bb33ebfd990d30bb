/**
 * The staff patient pages (spec 3 §2 Patients): /{code}/patients, a patient's page, its
 * edit-details, and the non-digital list, add and edit. Real Requests against a real
 * database; every view and change must leave an audit row, and nobody but a GP or
 * receptionist of that practice gets in.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, patientEntries, patients } from "~/db/schema";
import { FLASH_COOKIE, readFlash } from "~/web/flash.server";
import { useTestWorld } from "../../../tests/support/world";
import { makeContext, type TestContext } from "../../../tests/support/context";
import { createPractice, uniqueWord } from "../../../tests/support/registration-fixtures";
import { makeUser, signInAs } from "../../../tests/support/session-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson, setCookie } from "../../../tests/support/requests";
import * as listRoute from "./$practiceCode.patients._index";
import * as patientRoute from "./$practiceCode.patients.$patientId._index";
import * as editRoute from "./$practiceCode.patients.$patientId.edit-details";
import * as nonDigitalListRoute from "./$practiceCode.non-digital-patients._index";
import * as addRoute from "./$practiceCode.non-digital-patients.add";
import * as nonDigitalEditRoute from "./$practiceCode.non-digital-patients.edit.$patientId";

const t = useTestWorld();
let context: TestContext;

beforeEach(() => {
  context = makeContext(t.db);
});

type List = {
  q: string;
  filter: string;
  rows: { id: number; name: string; dateOfBirth: string; nhsNumber: string | null; status: string }[];
  nextHref: string | null;
  previousHref: string | null;
};
type Reply = { lastResult: { status: string; error: Record<string, string[] | null> } };

/** A practice with a receptionist signed in. */
async function practiceWithStaff(role: "receptionist" | "gp" = "receptionist") {
  const practice = await createPractice(context, "Patients Test Surgery");
  const staff = await makeUser(context, { memberships: [{ practiceId: practice.id, role }] });
  const { cookie } = await signInAs(context, staff.id);
  return { practice, code: practice.urlCode, staff, cookie };
}

async function addPatient(practiceId: number, values: Partial<typeof patients.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(patients)
    .values({ practiceId, firstName: "Oliver", lastName: `Bennett${uniqueWord()}`, dateOfBirth: "1972-01-14", ...values })
    .returning();
  return row;
}

async function auditRows(actorUserId: number) {
  const rows = await t.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, actorUserId)).orderBy(desc(auditEvents.id));
  return rows.filter((r) => !r.action.startsWith("sign_in"));
}

const list = (path: string, cookie?: string) =>
  callLoader(listRoute.loader, { request: getRequest(path, { cookie }), params: { practiceCode: path.split("/")[1] }, context });

function flashOf(response: Response) {
  const cookie = setCookie(response, FLASH_COOKIE);
  return cookie ? readFlash(context.config.sessionSecret, getRequest("/", { cookie: { [FLASH_COOKIE]: cookie.value } })) : null;
}

const validForm = {
  firstName: "Edith",
  lastName: "Crawley",
  "dateOfBirth.day": "3",
  "dateOfBirth.month": "9",
  "dateOfBirth.year": "1941",
  nhsNumber: "943 476 5919",
  gender: "female",
  email: "edith@example.com",
  mobile: "07700 900 123",
  phone: "0113 496 0000",
  addressLine1: "1 High Street",
  town: "Leeds",
  postcode: "ls1 4ap",
};

describe("who may use the patient pages", () => {
  it("lets a receptionist and a GP of the practice in", async () => {
    for (const role of ["receptionist", "gp"] as const) {
      const { code, cookie } = await practiceWithStaff(role);
      expect((await list(`/${code}/patients`, cookie)).status).toBe(200);
    }
  });

  it("sends visitors to sign in, and refuses patients, practice admins and another practice's staff", async () => {
    const { practice, code, staff } = await practiceWithStaff();
    const anonymous = await list(`/${code}/patients`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(new RegExp(`^/${code}/login\\?redirect=`));

    const patientUser = await makeUser(context, { patientAt: practice.id });
    const admin = await makeUser(context, { memberships: [{ practiceId: practice.id, role: "practice_admin" }] });
    const other = await practiceWithStaff();
    const guest = await makeUser(context, { guest: true });
    for (const userId of [patientUser.id, admin.id, other.staff.id, guest.id]) {
      const { cookie } = await signInAs(context, userId);
      const response = await list(`/${code}/patients`, cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/${code}/permission-denied`);
    }

    // Another practice's staff cannot read, edit or add either.
    const patient = await addPatient(practice.id);
    const params = { practiceCode: code, patientId: String(patient.id) };
    const cookie = other.cookie;
    const responses = [
      await callLoader(patientRoute.loader, { request: getRequest(`/${code}/patients/${patient.id}`, { cookie }), params, context }),
      await callLoader(editRoute.loader, { request: getRequest(`/${code}/patients/${patient.id}/edit-details`, { cookie }), params, context }),
      await callAction(editRoute.action, { request: postRequest(`/${code}/patients/${patient.id}/edit-details`, validForm, { cookie }), params, context }),
      await callAction(addRoute.action, { request: postRequest(`/${code}/non-digital-patients/add`, validForm, { cookie }), params, context }),
      await callLoader(nonDigitalListRoute.loader, { request: getRequest(`/${code}/non-digital-patients`, { cookie }), params, context }),
    ];
    for (const response of responses) expect(response.headers.get("Location")).toBe(`/${code}/permission-denied`);
    const [unchanged] = await t.db.select().from(patients).where(eq(patients.id, patient.id));
    expect(unchanged.firstName).toBe("Oliver");
    expect(await auditRows(other.staff.id)).toEqual([]);
    void staff;
  });

  it("answers page-not-found for another practice's patient, an unknown id and a non-number", async () => {
    const { code, cookie } = await practiceWithStaff();
    const other = await practiceWithStaff();
    const foreign = await addPatient(other.practice.id);
    for (const id of [String(foreign.id), "999999999", "abc", "0"]) {
      const params = { practiceCode: code, patientId: id };
      const view = await callLoader(patientRoute.loader, { request: getRequest(`/${code}/patients/${id}`, { cookie }), params, context });
      expect(view.status).toBe(404);
      const edit = await callAction(editRoute.action, { request: postRequest(`/${code}/patients/${id}/edit-details`, validForm, { cookie }), params, context });
      expect(edit.status).toBe(404);
    }
    const [unchanged] = await t.db.select().from(patients).where(eq(patients.id, foreign.id));
    expect(unchanged.firstName).toBe("Oliver");
  });
});

describe("/{code}/patients", () => {
  it("pages through more than 40 patients in name order, 20 at a time, both ways", async () => {
    const { practice, code, cookie, staff } = await practiceWithStaff();
    const surname = `Zed${uniqueWord()}`;
    // 45 patients sharing a last name: the first name and then the id break the ties.
    for (let i = 0; i < 45; i++) {
      await addPatient(practice.id, { lastName: i % 2 ? surname : surname.toUpperCase(), firstName: `P${String(i % 30).padStart(2, "0")}` });
    }
    const seen: number[] = [];
    let path: string | null = `/${code}/patients`;
    const pages: List[] = [];
    while (path) {
      const data: List = await readJson<List>(await list(path, cookie));
      pages.push(data);
      seen.push(...data.rows.map((r) => r.id));
      path = data.nextHref;
    }
    expect(pages.map((p) => p.rows.length)).toEqual([20, 20, 5]);
    expect(new Set(seen).size).toBe(45);
    const names = pages.flatMap((p) => p.rows.map((r) => r.name.split(" ")[0]));
    expect(names).toEqual([...names].sort());
    expect(pages[0].previousHref).toBeNull();
    expect(pages[2].nextHref).toBeNull();

    // Previous from the last page gives the second page back, exactly.
    const back = await readJson<List>(await list(pages[2].previousHref!, cookie));
    expect(back.rows.map((r) => r.id)).toEqual(pages[1].rows.map((r) => r.id));
    expect(back.nextHref).not.toBeNull();
    const first = await readJson<List>(await list(back.previousHref!, cookie));
    expect(first.rows.map((r) => r.id)).toEqual(pages[0].rows.map((r) => r.id));
    expect(first.previousHref).toBeNull();

    const rows = await auditRows(staff.id);
    expect(rows.filter((r) => r.action === "patients.list")).toHaveLength(5);
    expect(rows[0].practiceId).toBe(practice.id);
  });

  it("finds patients by name prefix, NHS number with or without spaces and date of birth", async () => {
    const { practice, code, cookie, staff } = await practiceWithStaff();
    const last = `Thompson${uniqueWord()}`;
    const sarah = await addPatient(practice.id, { firstName: "Sarah", lastName: last, dateOfBirth: "1984-03-17", nhsNumber: "9434765919", userId: staff.id });
    const sam = await addPatient(practice.id, { firstName: "Sam", lastName: last, dateOfBirth: "1990-01-02", nonDigital: true });
    const other = await practiceWithStaff();
    await addPatient(other.practice.id, { firstName: "Sarah", lastName: last, dateOfBirth: "1984-03-17", nhsNumber: "9434765919" });

    const search = async (q: string, filter = "") =>
      (await readJson<List>(await list(`/${code}/patients?${new URLSearchParams({ q, ...(filter ? { filter } : {}) })}`, cookie))).rows.map((r) => r.id);
    expect(await search(last.slice(0, 12).toLowerCase())).toEqual([sam.id, sarah.id]);
    expect(await search(`sar ${last.slice(0, 10)}`)).toEqual([sarah.id]);
    expect(await search("943 476 5919")).toEqual([sarah.id]);
    expect(await search("9434765919")).toEqual([sarah.id]);
    expect(await search("17/03/1984")).toEqual([sarah.id]);
    expect(await search("31/02/1984")).toEqual([]);
    expect(await search(last, "non-digital")).toEqual([sam.id]);
    expect(await search("100%_")).toEqual([]);

    const data = await readJson<List>(await list(`/${code}/patients?q=9434765919`, cookie));
    expect(data.rows[0]).toEqual({ id: sarah.id, name: `Sarah ${last}`, dateOfBirth: "17/03/1984", nhsNumber: "943 476 5919", status: "Has account" });

    // The audit row says what kind of search it was, never the words typed.
    const [row] = await auditRows(staff.id);
    expect(row.detail).toEqual({ search: "nhs-number", filter: "all", paged: false, results: 1 });
    expect(JSON.stringify(await auditRows(staff.id))).not.toContain(last);
  });
});

describe("/{code}/patients/{id}", () => {
  it("shows the details, and the requests newest first with an older page", async () => {
    const { practice, code, cookie, staff } = await practiceWithStaff();
    const patient = await addPatient(practice.id, { nhsNumber: null, email: "o@example.com" });
    const base = new Date("2026-01-01T09:00:00Z").getTime();
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) {
      const [row] = await t.db
        .insert(patientEntries)
        .values({
          practiceId: practice.id,
          patientId: patient.id,
          createdByUserId: staff.id,
          issueTypeId: 4,
          stage: i === 22 ? "completed" : "submitted",
          awaitingPatientReply: i === 21,
          startedAt: new Date(base + i * 3600_000),
          submittedAt: new Date(base + i * 3600_000),
        })
        .returning();
      ids.push(row.id);
    }
    // A draft is the patient's own until sent: staff do not see it.
    await t.db.insert(patientEntries).values({ practiceId: practice.id, patientId: patient.id, createdByUserId: staff.id, issueTypeId: 4, startedAt: new Date(base) });

    const params = { practiceCode: code, patientId: String(patient.id) };
    type Page = { name: string; details: [string, string | null][]; requests: { id: number; reference: string; stage: string; date: string; issueType: string }[]; olderHref: string | null };
    const page = await readJson<Page>(await callLoader(patientRoute.loader, { request: getRequest(`/${code}/patients/${patient.id}`, { cookie }), params, context }));
    expect(page.details).toContainEqual(["NHS number", null]);
    expect(page.details).toContainEqual(["Email address", "o@example.com"]);
    expect(page.requests).toHaveLength(20);
    expect(page.requests.map((r) => r.id)).toEqual(ids.slice(3).reverse());
    expect(page.requests[0]).toMatchObject({ reference: `FD-${String(ids[22]).padStart(6, "0")}`, stage: "Completed", date: "02/01/2026" });
    expect(page.requests[1].stage).toBe("Awaiting patient reply");
    expect(page.requests[2].stage).toBe("Open");
    const older = await readJson<Page>(await callLoader(patientRoute.loader, { request: getRequest(page.olderHref!, { cookie }), params, context }));
    expect(older.requests.map((r) => r.id)).toEqual(ids.slice(0, 3).reverse());
    expect(older.olderHref).toBeNull();

    const rows = await auditRows(staff.id);
    expect(rows.slice(0, 2).map((r) => [r.action, r.subjectType, r.subjectId])).toEqual([
      ["patient.view", "patient", String(patient.id)],
      ["patient.view", "patient", String(patient.id)],
    ]);
  });
});

describe("/{code}/patients/{id}/edit-details", () => {
  it("saves the details, flashes, redirects and audits the field names only", async () => {
    const { practice, code, cookie, staff } = await practiceWithStaff();
    const patient = await addPatient(practice.id);
    const params = { practiceCode: code, patientId: String(patient.id) };
    const form = await callLoader(editRoute.loader, { request: getRequest(`/${code}/patients/${patient.id}/edit-details`, { cookie }), params, context });
    expect(((await readJson(form)) as { details: unknown }).details).toMatchObject({ firstName: "Oliver", dateOfBirth: { day: "14", month: "1", year: "1972" } });

    const response = await callAction(editRoute.action, {
      request: postRequest(`/${code}/patients/${patient.id}/edit-details`, validForm, { cookie }),
      params,
      context,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/${code}/patients/${patient.id}`);
    expect(flashOf(response)).toEqual({ kind: "success", text: "Patient details updated." });
    const [saved] = await t.db.select().from(patients).where(eq(patients.id, patient.id));
    expect(saved).toMatchObject({
      firstName: "Edith",
      lastName: "Crawley",
      dateOfBirth: "1941-09-03",
      nhsNumber: "9434765919",
      gender: "female",
      email: "edith@example.com",
      mobile: "07700900123",
      phone: "01134960000",
      addressLine1: "1 High Street",
      town: "Leeds",
      postcode: "LS1 4AP",
      nonDigital: false,
    });
    const [row] = await auditRows(staff.id);
    expect(row).toMatchObject({ action: "patient.update", subjectType: "patient", subjectId: String(patient.id), practiceId: practice.id });
    expect(String((row.detail as { fields: string }).fields).split(",")).toContain("email");
    expect(JSON.stringify(row.detail)).not.toContain("Edith");
  });

  it("answers 400 with the exact messages, and keeps the record", async () => {
    const { practice, code, cookie } = await practiceWithStaff();
    const patient = await addPatient(practice.id);
    const params = { practiceCode: code, patientId: String(patient.id) };
    const response = await callAction(editRoute.action, {
      request: postRequest(
        `/${code}/patients/${patient.id}/edit-details`,
        { ...validForm, firstName: " ", "dateOfBirth.day": "31", "dateOfBirth.month": "2", nhsNumber: "943 476 5918", email: "nope", mobile: "0113 496 0000", phone: "12", postcode: "XYZ", gender: "robot" },
        { cookie },
      ),
      params,
      context,
    });
    expect(response.status).toBe(400);
    const { lastResult } = await readJson<Reply>(response);
    expect(lastResult.error).toMatchObject({
      firstName: ["Enter the patient's first name."],
      "dateOfBirth.day": ["Date of birth must be a real date"],
      nhsNumber: ["Enter a valid 10-digit NHS number, like 943 476 5919."],
      email: ["Please enter a valid email address."],
      mobile: ["Please enter a valid UK mobile phone number."],
      phone: ["Please enter a valid UK phone number."],
      postcode: ["Enter a real postcode, like LS1 4AP."],
      gender: ["Choose the patient's gender from the list."],
    });
    const [unchanged] = await t.db.select().from(patients).where(eq(patients.id, patient.id));
    expect(unchanged.lastName).toBe(patient.lastName);
  });

  it("refuses an NHS number another patient of the practice has", async () => {
    const { practice, code, cookie } = await practiceWithStaff();
    await addPatient(practice.id, { nhsNumber: "9434765919" });
    const patient = await addPatient(practice.id);
    const response = await callAction(editRoute.action, {
      request: postRequest(`/${code}/patients/${patient.id}/edit-details`, validForm, { cookie }),
      params: { practiceCode: code, patientId: String(patient.id) },
      context,
    });
    expect(response.status).toBe(400);
    expect((await readJson<Reply>(response)).lastResult.error.nhsNumber).toEqual(["Another patient at this practice already has this NHS number."]);
  });
});

describe("non-digital patients", () => {
  it("adds one (non_digital), lists it, edits it, and audits each step", async () => {
    const { practice, code, cookie, staff } = await practiceWithStaff();
    const lastName = `Crawley${uniqueWord()}`;
    const added = await callAction(addRoute.action, {
      request: postRequest(`/${code}/non-digital-patients/add`, { ...validForm, lastName, nhsNumber: "" }, { cookie }),
      params: { practiceCode: code },
      context,
    });
    expect(added.status).toBe(303);
    expect(added.headers.get("Location")).toBe(`/${code}/non-digital-patients`);
    expect(flashOf(added)?.text).toBe("Non-digital patient added.");
    const [created] = await t.db.select().from(patients).where(and(eq(patients.practiceId, practice.id), eq(patients.lastName, lastName)));
    expect(created).toMatchObject({ nonDigital: true, userId: null, nhsNumber: null, dateOfBirth: "1941-09-03" });

    await addPatient(practice.id, { firstName: "Digital" });
    const listed = await readJson<List>(
      await callLoader(nonDigitalListRoute.loader, { request: getRequest(`/${code}/non-digital-patients`, { cookie }), params: { practiceCode: code }, context }),
    );
    expect(listed.rows.map((r) => [r.id, r.status])).toEqual([[created.id, "Non-digital"]]);

    const params = { practiceCode: code, patientId: String(created.id) };
    const page = await callLoader(nonDigitalEditRoute.loader, { request: getRequest(`/${code}/non-digital-patients/edit/${created.id}`, { cookie }), params, context });
    expect(page.status).toBe(200);
    const edited = await callAction(nonDigitalEditRoute.action, {
      request: postRequest(`/${code}/non-digital-patients/edit/${created.id}`, { ...validForm, lastName, firstName: "Edie" }, { cookie }),
      params,
      context,
    });
    expect(edited.status).toBe(303);
    expect(flashOf(edited)?.text).toBe("Patient details updated.");
    const [saved] = await t.db.select().from(patients).where(eq(patients.id, created.id));
    expect(saved).toMatchObject({ firstName: "Edie", nhsNumber: "9434765919", nonDigital: true });

    const actions = (await auditRows(staff.id)).map((r) => r.action).reverse();
    expect(actions).toEqual(["non_digital_patient.create", "non_digital_patients.list", "patient.view", "patient.update"]);
  });

  it("answers 400 on a missing name, a bad date and a taken NHS number; edit of a digital patient is not found", async () => {
    const { practice, code, cookie } = await practiceWithStaff();
    const empty = await callAction(addRoute.action, { request: postRequest(`/${code}/non-digital-patients/add`, {}, { cookie }), params: { practiceCode: code }, context });
    expect(empty.status).toBe(400);
    expect((await readJson<Reply>(empty)).lastResult.error).toMatchObject({
      firstName: ["Enter the patient's first name."],
      lastName: ["Enter the patient's last name."],
      "dateOfBirth.day": ["Enter their date of birth"],
    });
    await addPatient(practice.id, { nhsNumber: "9434765919" });
    const taken = await callAction(addRoute.action, { request: postRequest(`/${code}/non-digital-patients/add`, validForm, { cookie }), params: { practiceCode: code }, context });
    expect(taken.status).toBe(400);
    expect((await readJson<Reply>(taken)).lastResult.error.nhsNumber).toEqual(["Another patient at this practice already has this NHS number."]);

    const digital = await addPatient(practice.id);
    const params = { practiceCode: code, patientId: String(digital.id) };
    expect((await callLoader(nonDigitalEditRoute.loader, { request: getRequest(`/x`, { cookie }), params, context })).status).toBe(404);
  });
});
