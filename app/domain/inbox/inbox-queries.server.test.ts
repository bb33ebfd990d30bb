/**
 * listInbox against inboxKeysOf: on a small practice with requests in every state, each
 * inbox lists exactly the requests inboxKeysOf puts in it, in each sort, paged by the
 * keyset with ties on submitted_at, and the search narrows them as documented.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answers, patientEntries, patients, questions } from "~/db/schema";
import { indexRequestText } from "~/domain/requests/request-text.server";
import { useTestWorld } from "../../../tests/support/world";
import { makeContext } from "../../../tests/support/context";
import { createPractice, uniqueWord } from "../../../tests/support/registration-fixtures";
import { makeUser } from "../../../tests/support/session-fixtures";
import { requestReference } from "~/domain/requests/reference";
import { inboxKeysOf, type InboxState } from "./inboxes";
import { decodeCursor, encodeCursor, inboxMemberIds, listInbox, type InboxSelector, type InboxSort } from "./inbox-queries.server";

const t = useTestWorld();
let practiceId: number;
let otherPracticeId: number;
let staff: number[];
let states: (InboxState & { id: number; urgencyId: number | null; patientId: number })[] = [];
let surname: string;

const STAGES = ["created", "submitted", "completed", "rejected", "cancelled"] as const;

beforeAll(async () => {
  const context = makeContext(t.db);
  const practice = await createPractice(context, "Inbox Query Surgery");
  const other = await createPractice(context, "Other Surgery");
  practiceId = practice.id;
  otherPracticeId = other.id;
  staff = [(await makeUser(context)).id, (await makeUser(context)).id];
  surname = `Quill${uniqueWord()}`;
  const people = await t.db
    .insert(patients)
    .values([
      { practiceId, firstName: "Ada", lastName: surname, dateOfBirth: "1980-05-06", nhsNumber: "9434765919" },
      { practiceId, firstName: "Ben", lastName: `Other${uniqueWord()}`, dateOfBirth: "1990-01-01" },
      { practiceId: otherPracticeId, firstName: "Ada", lastName: surname, dateOfBirth: "1980-05-06" },
    ])
    .returning();
  // Every combination of stage, reply flag, assignee, issue type, urgency and deletion, with
  // several requests sharing a submitted_at so the keyset has ties to break.
  const base = Date.UTC(2026, 0, 1);
  const values: (typeof patientEntries.$inferInsert)[] = [];
  let n = 0;
  for (const stage of STAGES) {
    for (const awaiting of [false, true]) {
      for (const assignee of [null, staff[0], staff[1]]) {
        for (const issueTypeId of [1, 4]) {
          for (const deleted of [false, true]) {
            n++;
            const submitted = stage === "created" ? null : new Date(base + Math.floor(n / 3) * 60_000);
            values.push({
              practiceId,
              patientId: people[n % 2].id,
              createdByUserId: staff[0],
              issueTypeId,
              stage,
              awaitingPatientReply: awaiting,
              assignedToId: assignee,
              urgencyId: n % 4 === 0 ? null : (n % 3) + 1,
              startedAt: new Date(base),
              submittedAt: submitted,
              deletedAt: deleted && n % 3 === 0 ? new Date(base) : null,
            });
          }
        }
      }
    }
  }
  // A request of the other practice, which no inbox here may show.
  values.push({ practiceId: otherPracticeId, patientId: people[2].id, createdByUserId: staff[0], issueTypeId: 1, stage: "submitted", startedAt: new Date(base), submittedAt: new Date(base) });
  const rows = await t.db.insert(patientEntries).values(values).returning();
  states = rows.filter((r) => r.practiceId === practiceId);
});

function expected(inbox: InboxSelector): number[] {
  const key = (() => {
    if (typeof inbox === "string") return { inbox, userId: 0 };
    if ("issueTypeId" in inbox) return { inbox: `issue_type:${inbox.issueTypeId}`, userId: 0 };
    return { inbox: "personal", userId: inbox.staffUserId };
  })();
  return states
    .filter((s) => inboxKeysOf(s).some((k) => k.inbox === key.inbox && k.userId === key.userId))
    .map((s) => s.id)
    .sort((a, b) => a - b);
}

async function everyPage(inbox: InboxSelector, sort: InboxSort, extra: { search?: string; issueTypeId?: number } = {}) {
  const out: Awaited<ReturnType<typeof listInbox>>["rows"] = [];
  let after: string | null = null;
  for (let i = 0; i < 50; i++) {
    const page = await listInbox(t.db, { practiceId, inbox, sort, after, limit: 4, ...extra });
    out.push(...page.rows);
    if (!page.next) break;
    after = page.next;
  }
  return out;
}

const inboxes = (): InboxSelector[] => [
  "unassigned",
  "rejected",
  "awaiting-response",
  "completed",
  "all",
  { issueTypeId: 1 },
  { issueTypeId: 4 },
  { staffUserId: staff[0] },
  { staffUserId: staff[1] },
];

describe("listInbox agrees with inboxKeysOf", () => {
  it("lists exactly each inbox's requests, in every sort, across pages", async () => {
    for (const inbox of inboxes()) {
      const want = expected(inbox);
      expect(want.length, JSON.stringify(inbox)).toBeGreaterThan(0);
      expect(await inboxMemberIds(t.db, practiceId, inbox)).toEqual(want);
      for (const sort of ["newest", "oldest", "urgency"] as const) {
        const rows = await everyPage(inbox, sort);
        expect(rows.map((r) => r.id).sort((a, b) => a - b), `${JSON.stringify(inbox)} ${sort}`).toEqual(want);
      }
    }
  });

  it("orders newest, oldest and by urgency (most urgent, then longest waiting)", async () => {
    const newest = await everyPage("all", "newest");
    const key = (r: { submittedAt: Date; id: number }) => r.submittedAt.getTime() * 1e6 + r.id;
    expect(newest.map(key)).toEqual([...newest.map(key)].sort((a, b) => b - a));
    const oldest = await everyPage("all", "oldest");
    expect(oldest.map((r) => r.id)).toEqual([...newest.map((r) => r.id)].reverse());
    const urgent = await everyPage("unassigned", "urgency");
    const rank = urgent.map((r) => -(r.urgencyId ?? 0));
    expect(rank).toEqual([...rank].sort((a, b) => a - b));
    expect(urgent[0].urgencyId).toBe(3);
  });

  it("narrows by issue type and by search: name prefix, NHS number, date of birth, reference", async () => {
    const byType = await everyPage("all", "newest", { issueTypeId: 4 });
    expect(byType.length).toBeGreaterThan(0);
    expect(byType.every((r) => r.issueTypeName && states.find((s) => s.id === r.id)!.issueTypeId === 4)).toBe(true);

    const adaRows = await everyPage("all", "newest", { search: surname.slice(0, 8).toLowerCase() });
    expect(adaRows.length).toBeGreaterThan(0);
    expect(adaRows.every((r) => r.patientLastName === surname)).toBe(true);
    const adaIds = adaRows.map((r) => r.id).sort((a, b) => a - b);
    expect((await everyPage("all", "newest", { search: "943 476 5919" })).map((r) => r.id).sort((a, b) => a - b)).toEqual(adaIds);
    expect((await everyPage("all", "newest", { search: "06/05/1980" })).map((r) => r.id).sort((a, b) => a - b)).toEqual(adaIds);
    expect((await everyPage("all", "newest", { search: `ada ${surname}` })).map((r) => r.id).sort((a, b) => a - b)).toEqual(adaIds);
    expect(await everyPage("all", "newest", { search: "zzzz-nobody" })).toEqual([]);

    const one = adaIds[0];
    expect((await everyPage("all", "newest", { search: requestReference(one) })).map((r) => r.id)).toEqual([one]);
    expect((await everyPage("all", "newest", { search: "FD-99999999999" })).map((r) => r.id)).toEqual([]);
  });

  it("finds requests by what the patient wrote (stemmed, every word), in this practice only, across pages", async () => {
    const [question] = await t.db.select({ id: questions.id }).from(questions).where(eq(questions.kind, "free_text")).limit(1);
    const word = `zed${uniqueWord()}`.toLowerCase();
    const sent = states.filter((s) => s.submittedAt && !s.deletedAt).slice(0, 6);
    const other = await t.db.select({ id: patientEntries.id }).from(patientEntries).where(eq(patientEntries.practiceId, otherPracticeId));
    for (const id of [...sent.map((s) => s.id), ...other.map((o) => o.id)]) {
      await t.db.insert(answers).values({ patientEntryId: id, questionId: question.id, answer: `I have been coughing at night since the ${word} started` });
      await indexRequestText(t.db, id);
    }
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
    const sentIds = sent.map((s) => s.id).sort((a, b) => a - b);
    // Stemmed ("coughs" finds "coughing"), all words must match, and paged by the keyset (limit 4).
    expect(ids(await everyPage("all", "newest", { search: `${word} coughs` }))).toEqual(sentIds);
    expect(ids(await everyPage("all", "oldest", { search: word }))).toEqual(sentIds);
    expect(await everyPage("all", "newest", { search: `${word} sneezing` })).toEqual([]);
    // Not a name, number or date, yet in the text: "400mg" style searches still reach the text.
    const [first] = sent;
    await t.db.update(answers).set({ answer: `ibuprofen 400mg ${word}` }).where(eq(answers.patientEntryId, first.id));
    await indexRequestText(t.db, first.id);
    expect(ids(await everyPage("all", "newest", { search: "400mg" }))).toEqual([first.id]);
  });

  it("never lists another practice's requests", async () => {
    const rows = await everyPage({ issueTypeId: 1 }, "newest", { search: surname });
    expect(rows.every((r) => states.some((s) => s.id === r.id))).toBe(true);
  });
});

describe("inbox cursors", () => {
  it("round-trip, and refuse junk", () => {
    const at = new Date("2026-03-04T05:06:07.089Z");
    expect(decodeCursor(encodeCursor({ submittedAt: at, id: 7 }))).toEqual({ at, id: 7 });
    expect(decodeCursor(encodeCursor({ submittedAt: at, id: 7, urgencyId: 3 }, "urgency"), "urgency")).toEqual({ rank: -3, at, id: 7 });
    expect(decodeCursor(encodeCursor({ submittedAt: at, id: 7, urgencyId: null }, "urgency"), "urgency")).toEqual({ rank: 0, at, id: 7 });
    for (const junk of ["", "x", "1.2.3", "-1.5", null]) expect(decodeCursor(junk)).toBeNull();
    expect(decodeCursor("1.2", "urgency")).toBeNull();
  });
});
