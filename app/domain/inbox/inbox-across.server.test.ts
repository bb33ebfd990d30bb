/**
 * The federated inbox's queries (listInboxAcross, inboxCountsAcross, bubbleCount over several
 * practices): each inbox over a set of practices lists exactly the union of those practices'
 * inboxes, in the order of the sort, paged by the same keyset; search stays inside the set;
 * counts add up. And the plan: one index range per practice, merged, never a scan of the
 * requests (docs/decisions/0062-federated-inbox.md).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { patientEntries, patients } from "~/db/schema";
import { requestReference } from "~/domain/requests/reference";
import { useTestWorld } from "../../../tests/support/world";
import { makeContext } from "../../../tests/support/context";
import { createPractice, uniqueWord } from "../../../tests/support/registration-fixtures";
import { makeUser } from "../../../tests/support/session-fixtures";
import { applyInboxChange, bubbleCount, inboxCounts, inboxCountsAcross } from "./counters.server";
import { inboxAcrossQuery, inboxMemberIds, listInboxAcross, type InboxSelector, type InboxSort } from "./inbox-queries.server";

const t = useTestWorld();
/** Three small practices of one staff member, and one they do not work at. */
let mine: number[];
let elsewhere: number;
let staff: number;
let colleague: number;
let surname: string;
const rows = new Map<number, { submittedAt: Date; urgencyId: number | null; practiceId: number }>();

const STAGES = ["created", "submitted", "completed", "rejected"] as const;

beforeAll(async () => {
  const context = makeContext(t.db);
  const practices = await Promise.all([0, 1, 2, 3].map((i) => createPractice(context, `Across Surgery ${i}`)));
  mine = practices.slice(0, 3).map((p) => p.id);
  elsewhere = practices[3].id;
  staff = (await makeUser(context)).id;
  colleague = (await makeUser(context)).id;
  surname = `Across${uniqueWord()}`;
  const base = Date.UTC(2026, 0, 1);
  let n = 0;
  for (const practiceId of [...mine, elsewhere]) {
    // The same patient name at every practice: a search must only find those of the set.
    const people = await t.db
      .insert(patients)
      .values([
        { practiceId, firstName: "Ada", lastName: surname, dateOfBirth: "1980-05-06" },
        { practiceId, firstName: "Ben", lastName: `Other${uniqueWord()}`, dateOfBirth: "1990-01-01" },
      ])
      .returning();
    const values: (typeof patientEntries.$inferInsert)[] = [];
    for (const stage of STAGES) {
      for (const awaiting of [false, true]) {
        for (const assignee of [null, staff, colleague]) {
          for (const issueTypeId of [1, 4]) {
            n++;
            values.push({
              practiceId,
              patientId: people[n % 2].id,
              createdByUserId: staff,
              issueTypeId,
              stage,
              awaitingPatientReply: awaiting,
              assignedToId: assignee,
              urgencyId: n % 4 === 0 ? null : (n % 3) + 1,
              startedAt: new Date(base),
              // Ties on submitted_at, also across practices, for the keyset to break by id.
              submittedAt: stage === "created" ? null : new Date(base + Math.floor(n / 5) * 60_000),
              deletedAt: n % 11 === 0 ? new Date(base) : null,
            });
          }
        }
      }
    }
    for (const row of await t.db.insert(patientEntries).values(values).returning()) {
      rows.set(row.id, { submittedAt: row.submittedAt!, urgencyId: row.urgencyId, practiceId: row.practiceId });
      await applyInboxChange(t.db, practiceId, null, row);
    }
  }
});

const SELECTORS = (): InboxSelector[] => [
  "unassigned",
  "rejected",
  "awaiting-response",
  "completed",
  "all",
  { issueTypeId: 1 },
  { staffUserId: staff },
];

/** The order a sort promises, on the rows as inserted. */
function compare(sort: InboxSort) {
  return (a: number, b: number) => {
    const x = rows.get(a)!;
    const y = rows.get(b)!;
    const key = (r: typeof x, id: number) => [sort === "urgency" ? -(r.urgencyId ?? 0) : 0, r.submittedAt.getTime(), id];
    const [p, q] = [key(x, a), key(y, b)];
    const sign = sort === "newest" ? -1 : 1;
    for (let i = 0; i < 3; i++) if (p[i] !== q[i]) return (p[i] - q[i]) * sign;
    return 0;
  };
}

async function everyPage(practiceIds: number[], inbox: InboxSelector, sort: InboxSort, search?: string) {
  const ids: number[] = [];
  let after: string | null = null;
  for (let i = 0; i < 100; i++) {
    const page = await listInboxAcross(t.db, { practiceIds, inbox, sort, search, after, limit: 5 });
    ids.push(...page.rows.map((r) => r.id));
    if (!page.next) break;
    after = page.next;
  }
  return ids;
}

describe("listInboxAcross", () => {
  it("lists the union of the practices' inboxes, in each sort's order, across pages", async () => {
    for (const inbox of SELECTORS()) {
      const members = (await Promise.all(mine.map((id) => inboxMemberIds(t.db, id, inbox)))).flat();
      expect(new Set(members.map((id) => rows.get(id)!.practiceId)).size, JSON.stringify(inbox)).toBe(3);
      for (const sort of ["newest", "oldest", "urgency"] as const) {
        const listed = await everyPage(mine, inbox, sort);
        expect(listed, `${JSON.stringify(inbox)} ${sort}`).toEqual([...members].sort(compare(sort)));
      }
    }
  });

  it("lists one practice as listInbox does, and nothing for none", async () => {
    expect(await everyPage([mine[1]], "all", "newest")).toEqual((await inboxMemberIds(t.db, mine[1], "all")).sort(compare("newest")));
    expect(await listInboxAcross(t.db, { practiceIds: [], inbox: "all", sort: "newest" })).toEqual({ rows: [], next: null });
  });

  it("tells which practice each row is at", async () => {
    const page = await listInboxAcross(t.db, { practiceIds: mine, inbox: "all", sort: "newest", limit: 50 });
    expect(page.rows.every((r) => r.practiceId === rows.get(r.id)!.practiceId)).toBe(true);
  });

  it("searches only the patients and requests of the practices asked for", async () => {
    const found = await everyPage(mine.slice(0, 2), "all", "newest", surname.toLowerCase());
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found.map((id) => rows.get(id)!.practiceId))).toEqual(new Set(mine.slice(0, 2)));
    const theirs = [...rows.entries()].find(([, r]) => r.practiceId === elsewhere && r.submittedAt)![0];
    expect(await everyPage(mine, "all", "newest", requestReference(theirs))).toEqual([]);
    const ours = (await inboxMemberIds(t.db, mine[2], "all"))[0];
    expect(await everyPage(mine, "all", "newest", requestReference(ours))).toEqual([ours]);
  });
});

describe("counts across practices", () => {
  it("add up each inbox, with this staff member's personal inbox only", async () => {
    const across = await inboxCountsAcross(t.db, mine, staff);
    const each = await Promise.all(mine.map((id) => inboxCounts(t.db, id)));
    for (const key of ["all", "unassigned", "awaiting-response", "completed", "rejected", "issue_type:1", `personal:${staff}`]) {
      expect(across.get(key), key).toBe(each.reduce((sum, m) => sum + (m.get(key) ?? 0), 0));
    }
    expect(across.has(`personal:${colleague}`)).toBe(false);
    const bubble = each.reduce((sum, m) => sum + (m.get("unassigned") ?? 0) + (m.get(`personal:${staff}`) ?? 0), 0);
    expect(await bubbleCount(t.db, mine, staff)).toBe(bubble);
    expect(await bubbleCount(t.db, [], staff)).toBe(0);
  });
});

describe("the federated query plan", () => {
  it("reads one index range per practice and merges them: never a scan of the requests", async () => {
    // Enough requests that a scan would cost more than the indexes (as in any real practice).
    const context = makeContext(t.db);
    const big = await Promise.all([0, 1, 2].map((i) => createPractice(context, `Busy Surgery ${i}`)));
    for (const practice of big) {
      const [person] = await t.db.insert(patients).values({ practiceId: practice.id, firstName: "Cy", lastName: `Busy${uniqueWord()}`, dateOfBirth: "1970-01-01" }).returning();
      for (let chunk = 0; chunk < 3; chunk++) {
        await t.db.insert(patientEntries).values(
          Array.from({ length: 500 }, (_, i) => {
            const n = chunk * 500 + i;
            return {
              practiceId: practice.id,
              patientId: person.id,
              createdByUserId: staff,
              issueTypeId: (n % 4) + 1,
              stage: (["submitted", "completed", "rejected"] as const)[n % 3],
              awaitingPatientReply: n % 5 === 0,
              assignedToId: n % 7 === 0 ? staff : null,
              urgencyId: n % 4 === 0 ? null : (n % 3) + 1,
              startedAt: new Date(Date.UTC(2025, 0, 1)),
              submittedAt: new Date(Date.UTC(2025, 0, 1) + n * 60_000),
            };
          }),
        );
      }
    }
    await t.db.execute(sql`analyze patient_entries`);
    const ids = big.map((p) => p.id);
    const cases: [InboxSelector, InboxSort, RegExp][] = [
      ["all", "newest", /patient_entries_inbox_all_idx/],
      ["unassigned", "urgency", /patient_entries_inbox_unassigned_urgency_idx/],
      [{ staffUserId: staff }, "newest", /patient_entries_inbox_personal_idx/],
      ["completed", "oldest", /patient_entries_inbox_stage_idx/],
    ];
    for (const [inbox, sort, index] of cases) {
      const first = await listInboxAcross(t.db, { practiceIds: ids, inbox, sort });
      expect(first.rows).toHaveLength(20);
      const { query } = (await inboxAcrossQuery(t.db, { practiceIds: ids, inbox, sort, after: first.next }))!;
      const result = (await t.db.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
      const plan = result.rows.map((r) => Object.values(r)[0]).join("\n");
      expect(plan, JSON.stringify(inbox)).toMatch(/Merge Append/);
      expect(plan.match(new RegExp(index.source, "g")), JSON.stringify(inbox)).toHaveLength(3);
      expect(plan, JSON.stringify(inbox)).not.toMatch(/Seq Scan on patient_entries/);
    }
  });
});
