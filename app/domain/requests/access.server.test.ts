/**
 * hasSentRequestsOf is the viewer's quick "has this user sent a request they may see": it must
 * say yes exactly when entryScope holds a request that is not a draft, for every kind of user.
 */
import { and, count, eq, ne, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { patientEntries } from "~/db/schema";
import { useTestWorld } from "../../../tests/support/world";
import { type TestContext } from "../../../tests/support/context";
import { makeEntry, requestPractice, signedInCarer, signedInPatient } from "../../../tests/support/request-fixtures";
import { entryScope, hasSentRequestsOf } from "./access.server";

const world = useTestWorld();
let context: TestContext;
let practiceId: number;

beforeAll(async () => {
  context = world.context;
  practiceId = (await requestPractice(context)).id;
});

async function hasSent(userId: number) {
  const [row] = await context.db.select({ yes: sql<boolean>`${hasSentRequestsOf(userId)}` }).from(sql`(select 1) as one`);
  return row.yes;
}

async function sentInScope(userId: number) {
  const [row] = await context.db.select({ n: count() }).from(patientEntries).where(and(entryScope(userId), ne(patientEntries.stage, "created")));
  return row.n;
}

/** Both answers for the user: the quick test and the count it replaces must agree. */
async function expectAgreement(userId: number, expected: boolean) {
  expect(await hasSent(userId)).toBe(expected);
  expect((await sentInScope(userId)) > 0).toBe(expected);
}

describe("hasSentRequestsOf, as entryScope's sent requests", () => {
  it("is no for drafts only and for deleted requests, yes once one is sent", async () => {
    const patient = await signedInPatient(context, practiceId);
    await expectAgreement(patient.userId, false);
    // Many drafts (the bench's patients have 400): still no.
    for (let i = 0; i < 5; i++) await makeEntry(context, { practiceId, patientId: patient.patientId, userId: patient.userId });
    await expectAgreement(patient.userId, false);
    const deleted = await makeEntry(context, { practiceId, patientId: patient.patientId, userId: patient.userId, stage: "submitted" });
    await context.db.update(patientEntries).set({ deletedAt: context.clock.now() }).where(eq(patientEntries.id, deleted.id));
    await expectAgreement(patient.userId, false);
    await makeEntry(context, { practiceId, patientId: patient.patientId, userId: patient.userId, stage: "completed" });
    await expectAgreement(patient.userId, true);
  });

  it("counts a dependant's request for an approved carer only", async () => {
    const approved = await signedInCarer(context, practiceId);
    await makeEntry(context, { practiceId, patientId: approved.dependentPatientId, userId: approved.userId, stage: "submitted" });
    await expectAgreement(approved.userId, true);
    const pending = await signedInCarer(context, practiceId, { status: "pending" });
    await makeEntry(context, { practiceId, patientId: pending.dependentPatientId, userId: pending.userId, stage: "submitted" });
    await expectAgreement(pending.userId, false);
  });

  it("gives a guest its own sent requests, and the registered patient not a guest's", async () => {
    const guest = await signedInPatient(context, practiceId, { guest: true });
    await expectAgreement(guest.userId, false);
    await makeEntry(context, { practiceId, patientId: guest.patientId, userId: guest.userId, stage: "submitted" });
    await expectAgreement(guest.userId, true);
    // A registered patient whose record a guest wrote to: the guest's request is not theirs to see.
    const patient = await signedInPatient(context, practiceId);
    await makeEntry(context, { practiceId, patientId: patient.patientId, userId: guest.userId, stage: "submitted" });
    await expectAgreement(patient.userId, false);
  });
});
