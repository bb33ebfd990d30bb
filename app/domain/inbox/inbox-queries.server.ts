/**
 * The inbox lists: one query shape per inbox, keyset-paginated so page 500 costs what page 1
 * costs. Membership matches inboxKeysOf (inboxes.ts; inbox-queries.server.test.ts holds them
 * to it), and each shape has its partial index in schema.ts whose predicate the WHERE clause
 * repeats, so the planner can use it (docs/decisions/0060-inbox-indexes.md).
 *
 * The keyset is a row comparison, `(submitted_at, id) < ($1, $2)`: PostgreSQL turns that into
 * one index range, where the equivalent OR of comparisons is a filter over every row before
 * the cursor. Sort "urgency" is most urgent first, then oldest first (longest waiting), on
 * (-coalesce(urgency_id, 0), submitted_at, id), all ascending so one comparison still works.
 *
 * The federated inbox (practice code `all`, docs/decisions/0062-federated-inbox.md) lists the
 * same shapes over several practices: one branch per practice, each the single-practice query
 * with its own LIMIT, joined by UNION ALL and cut to the page outside. Each branch stays one
 * index range, so a page costs (practices × 21) index rows however big the practices are.
 */
import { and, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { runNamed } from "~/db/named-query.server";
import { issueTypes, patientEntries, patients } from "~/db/schema";
import { parsePatientSearch, likePrefix } from "~/domain/patients/patient-search";
import { parseRequestReference } from "~/domain/requests/reference";
import { requestTextMatches } from "~/domain/requests/request-text.server";

export type InboxSelector =
  | "unassigned"
  | "rejected"
  | "awaiting-response"
  | "completed"
  | "all"
  | { issueTypeId: number }
  | { staffUserId: number };
export type InboxSort = "newest" | "oldest" | "urgency";

export type InboxRow = {
  id: number;
  practiceId: number;
  patientId: number;
  patientFirstName: string;
  patientLastName: string;
  issueTypeName: string;
  submittedAt: Date;
  urgencyId: number | null;
  assignedToId: number | null;
  stage: string;
  awaitingPatientReply: boolean;
  longTermCondition: boolean;
  reviewDate: string | null;
};

export type InboxPage = { rows: InboxRow[]; next: string | null };

/** The most patients a name search looks at: a bounded set, whatever the practice's size. */
export const SEARCH_PATIENT_LIMIT = 100;

const e = patientEntries;

/** What every inbox shares: the practice, reached it, not deleted. Repeated in each partial index. */
function reached(practiceId: number): SQL {
  return and(eq(e.practiceId, practiceId), isNull(e.deletedAt), isNotNull(e.submittedAt))!;
}

/** The conditions are written as the partial indexes' predicates are (`= false`, not `not`). */
function membership(inbox: InboxSelector): SQL | undefined {
  const open = sql`${e.stage} = 'submitted'`;
  if (inbox === "all") return undefined;
  if (inbox === "completed") return sql`${e.stage} = 'completed'`;
  if (inbox === "rejected") return sql`${e.stage} = 'rejected'`;
  if (inbox === "awaiting-response") return and(open, sql`${e.awaitingPatientReply} = true`);
  if (inbox === "unassigned") return and(open, sql`${e.awaitingPatientReply} = false`, isNull(e.assignedToId));
  if ("issueTypeId" in inbox) return and(open, eq(e.issueTypeId, inbox.issueTypeId));
  return and(open, sql`${e.awaitingPatientReply} = false`, eq(e.assignedToId, inbox.staffUserId));
}

const urgencyRank = sql<number>`(-coalesce(${e.urgencyId}, 0))`;

type Cursor = { rank?: number; at: Date; id: number };

/** Cursor: "{submitted_at ms}.{id}" of the last row shown; urgency sort adds "{rank}." first. */
export function encodeCursor(row: { submittedAt: Date; id: number; urgencyId?: number | null }, sort: InboxSort = "newest"): string {
  const base = `${row.submittedAt.getTime()}.${row.id}`;
  return sort === "urgency" ? `${-(row.urgencyId ?? 0)}.${base}` : base;
}

export function decodeCursor(value: string | null | undefined, sort: InboxSort = "newest"): Cursor | null {
  if (sort === "urgency") {
    const match = /^(-?\d{1,3})\.(\d{1,15})\.(\d{1,10})$/.exec(value ?? "");
    return match ? { rank: Number(match[1]), at: new Date(Number(match[2])), id: Number(match[3]) } : null;
  }
  const match = /^(\d{1,15})\.(\d{1,10})$/.exec(value ?? "");
  return match ? { at: new Date(Number(match[1])), id: Number(match[2]) } : null;
}

function keyset(sort: InboxSort, cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  const at = cursor.at.toISOString();
  if (sort === "urgency") return sql`(${urgencyRank}, ${e.submittedAt}, ${e.id}) > (${cursor.rank ?? 0}, ${at}::timestamptz, ${cursor.id})`;
  if (sort === "newest") return sql`(${e.submittedAt}, ${e.id}) < (${at}::timestamptz, ${cursor.id})`;
  return sql`(${e.submittedAt}, ${e.id}) > (${at}::timestamptz, ${cursor.id})`;
}

function ordering(sort: InboxSort): SQL[] {
  if (sort === "urgency") return [sql`${urgencyRank} asc`, sql`${e.submittedAt} asc`, sql`${e.id} asc`];
  const dir = sort === "newest" ? sql`desc` : sql`asc`;
  return [sql`${e.submittedAt} ${dir}`, sql`${e.id} ${dir}`];
}

/**
 * The search box: a request reference (FD-000123) finds that request; a 10-digit number or a
 * date finds the patient by NHS number or date of birth; words find patients by name (prefixes,
 * as the patient search reads them) or requests by their text (request-text.server.ts).
 *
 * Patients come from the practice's patient indexes, capped at SEARCH_PATIENT_LIMIT. For words,
 * the patients are looked up first (one small query): when no name matches, which is the usual
 * case for words of a request, the condition is the text alone, and PostgreSQL can walk the
 * inbox's own index newest first and stop at a page of matches (2 ms for a word in one request
 * of 15 at 10 million requests); an OR with the patients would force it to collect and sort every
 * match first (30–60 ms). A rare word still goes through the (practice, document) GIN index.
 */
async function searchCondition(db: Db, practiceId: number, search: string | null | undefined): Promise<SQL | undefined> {
  const text = search?.trim();
  if (!text) return undefined;
  const reference = /^fd-?\d+$/i.test(text) ? parseRequestReference(text) : null;
  if (reference !== null) return reference <= 2_147_483_647 ? eq(e.id, reference) : sql`false`;
  const parsed = parsePatientSearch(text);
  const patientsWhere = (match: SQL) =>
    sql`${e.patientId} = any(array(select ${patients.id} from ${patients} where ${patients.practiceId} = ${practiceId} and ${match} limit ${SEARCH_PATIENT_LIMIT}))`;
  switch (parsed.kind) {
    case "none":
      return undefined;
    case "invalid":
      // Not a name, number or date ("400mg"): it may still be in what the patient wrote.
      return requestTextMatches(practiceId, text);
    case "nhs-number":
      return patientsWhere(eq(patients.nhsNumber, parsed.digits));
    case "date-of-birth":
      return patientsWhere(eq(patients.dateOfBirth, parsed.iso));
    case "name": {
      const byName = and(
        ...parsed.terms.map(
          (term) => sql`(lower(${patients.lastName}) like ${likePrefix(term)} or lower(${patients.firstName}) like ${likePrefix(term)})`,
        ),
      )!;
      const named = await db
        .select({ id: patients.id })
        .from(patients)
        .where(and(eq(patients.practiceId, practiceId), byName))
        .limit(SEARCH_PATIENT_LIMIT);
      const byText = requestTextMatches(practiceId, text);
      if (named.length === 0) return byText;
      return sql`(${e.patientId} in (${sql.join(
        named.map((p) => sql`${p.id}`),
        sql`, `,
      )}) or ${byText})`;
    }
  }
}

type ListInput = {
  inbox: InboxSelector;
  sort: InboxSort;
  search?: string | null;
  /** Narrows any inbox to one issue type (the filter select). */
  issueTypeId?: number | null;
  /** Long-term-condition requests hidden, or only those (triage.ts; spec 3 §7 hide_ltc_issues). */
  ltc?: "hide" | "only" | null;
  /** Only requests whose review date is on or before this day (YYYY-MM-DD, London's today). */
  reviewDueBy?: string | null;
  after?: string | null;
  limit?: number;
};

/** The triage filters: extra conditions on top of the inbox's own (its partial index still leads). */
function filters(input: ListInput): SQL | undefined {
  return and(
    input.ltc === "hide" ? sql`${e.longTermCondition} = false` : input.ltc === "only" ? sql`${e.longTermCondition} = true` : undefined,
    input.reviewDueBy ? sql`${e.reviewDate} <= ${input.reviewDueBy}::date` : undefined,
  );
}

/** One practice's page: the query shape of its partial index, LIMIT limit + 1. */
function practicePage(db: Db, practiceId: number, input: ListInput, search: SQL | undefined, cursor: Cursor | null, limit: number) {
  return db
    .select({
      id: e.id,
      practiceId: e.practiceId,
      patientId: e.patientId,
      patientFirstName: patients.firstName,
      patientLastName: patients.lastName,
      issueTypeName: issueTypes.name,
      submittedAt: sql<Date>`${e.submittedAt}`.mapWith(e.submittedAt),
      urgencyId: e.urgencyId,
      assignedToId: e.assignedToId,
      stage: e.stage,
      awaitingPatientReply: e.awaitingPatientReply,
      longTermCondition: e.longTermCondition,
      reviewDate: e.reviewDate,
      // The urgency sort's leading key, by name: a union's ORDER BY takes output columns only.
      urgencyRank: sql<number>`${urgencyRank}`.as("urgency_rank"),
    })
    .from(e)
    .innerJoin(patients, eq(patients.id, e.patientId))
    .innerJoin(issueTypes, eq(issueTypes.id, e.issueTypeId))
    .where(
      and(
        reached(practiceId),
        membership(input.inbox),
        input.issueTypeId ? eq(e.issueTypeId, input.issueTypeId) : undefined,
        filters(input),
        search,
        keyset(input.sort, cursor),
      ),
    )
    .orderBy(...ordering(input.sort))
    .limit(limit + 1);
}

function toPage(rows: InboxRow[], limit: number, sort: InboxSort): InboxPage {
  const page = rows.slice(0, limit);
  return { rows: page, next: rows.length > limit ? encodeCursor(page[page.length - 1], sort) : null };
}

/**
 * One practice's page, as a named statement when it has no search: the name spells out every
 * part that changes the SQL text (inbox, sort, cursor, type filter); the values (practice,
 * assignee, type, cursor, limit) are parameters. A search's patterns want a fresh plan each time.
 */
async function runPracticePage(db: Db, practiceId: number, input: ListInput, cursor: Cursor | null, limit: number) {
  const search = await searchCondition(db, practiceId, input.search);
  const query = practicePage(db, practiceId, input, search, cursor, limit);
  if (search) return query;
  const inbox = typeof input.inbox === "string" ? input.inbox : "issueTypeId" in input.inbox ? "type" : "personal";
  return runNamed(query, `inbox_${inbox}_${input.sort}${cursor ? "_after" : ""}${input.issueTypeId ? "_filtered" : ""}${input.ltc ? `_ltc_${input.ltc}` : ""}${input.reviewDueBy ? "_review" : ""}`);
}

export async function listInbox(db: Db, input: ListInput & { practiceId: number }): Promise<InboxPage> {
  const limit = input.limit ?? 20;
  const rows = await runPracticePage(db, input.practiceId, input, decodeCursor(input.after, input.sort), limit);
  return toPage(rows as InboxRow[], limit, input.sort);
}

/** The union's ORDER BY: the branches' ordering, by output column name. */
function unionOrdering(sort: InboxSort): SQL[] {
  const at = sql.identifier("submitted_at");
  const id = sql.identifier("id");
  if (sort === "urgency") return [sql`${sql.identifier("urgency_rank")} asc`, sql`${at} asc`, sql`${id} asc`];
  const dir = sort === "newest" ? sql`desc` : sql`asc`;
  return [sql`${at} ${dir}`, sql`${id} ${dir}`];
}

/**
 * An inbox over several practices (the federated inbox): the same page, ordering and cursor as
 * listInbox, ids being unique across practices. Each practice's branch is cut to limit + 1 by
 * its own index, so the union never holds more than practices × (limit + 1) rows.
 */
export async function listInboxAcross(db: Db, input: ListInput & { practiceIds: readonly number[] }): Promise<InboxPage> {
  const limit = input.limit ?? 20;
  // One practice (every per-practice inbox page): its own page, as listInbox runs it.
  if (new Set(input.practiceIds).size === 1) return listInbox(db, { ...input, practiceId: input.practiceIds[0] });
  const across = await inboxAcrossQuery(db, input);
  if (!across) return { rows: [], next: null };
  return toPage((await across.query) as InboxRow[], limit, input.sort);
}

/**
 * The statement behind listInboxAcross (the tests EXPLAIN it), or null for no practices. Wrapped
 * in an object: a query builder is thenable, so returned bare from an async function it would run.
 */
export async function inboxAcrossQuery(db: Db, input: ListInput & { practiceIds: readonly number[] }) {
  const limit = input.limit ?? 20;
  const ids = [...new Set(input.practiceIds)];
  const cursor = decodeCursor(input.after, input.sort);
  const searches = await Promise.all(ids.map((id) => searchCondition(db, id, input.search)));
  const branches = ids.map((id, i) => practicePage(db, id, input, searches[i], cursor, limit));
  if (branches.length === 0) return null;
  if (branches.length === 1) return { query: branches[0] };
  const [first, second, ...rest] = branches;
  return {
    query: unionAll(first, second, ...rest)
      .orderBy(...unionOrdering(input.sort))
      .limit(limit + 1),
  };
}

/** The ids of every request in an inbox (tests and the bench check membership with it). */
export async function inboxMemberIds(db: Db, practiceId: number, inbox: InboxSelector): Promise<number[]> {
  const rows = await db
    .select({ id: e.id })
    .from(e)
    .where(and(reached(practiceId), membership(inbox)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export type LtcCounts = { all: number; hide: number; only: number };

/**
 * How many requests of an inbox each choice of the long-term-condition filter would list
 * (spec 3 §7 hide_ltc_issues): the inbox with its other filters and search, counted in one
 * grouped query over every practice shown (`group by long_term_condition`), not one per choice.
 * A count walks the inbox's rows, unlike a page: on the "All" and "Completed" inboxes of a very
 * large practice it costs what counting them costs (the inbox's partial index still leads).
 */
export async function inboxLtcCounts(db: Db, input: Omit<ListInput, "ltc" | "sort" | "after" | "limit"> & { practiceIds: readonly number[] }): Promise<LtcCounts> {
  const ids = [...new Set(input.practiceIds)];
  if (ids.length === 0) return { all: 0, hide: 0, only: 0 };
  const searches = await Promise.all(ids.map((id) => searchCondition(db, id, input.search)));
  const rows = await db
    .select({ ltc: e.longTermCondition, count: sql<number>`count(*)::int` })
    .from(e)
    .where(
      and(
        or(...ids.map((id, i) => and(reached(id), searches[i]))),
        membership(input.inbox),
        input.issueTypeId ? eq(e.issueTypeId, input.issueTypeId) : undefined,
        filters({ ...input, sort: "newest", ltc: null }),
      ),
    )
    .groupBy(e.longTermCondition);
  const only = rows.find((r) => r.ltc)?.count ?? 0;
  const hide = rows.find((r) => !r.ltc)?.count ?? 0;
  return { all: only + hide, hide, only };
}
