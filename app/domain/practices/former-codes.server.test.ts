/**
 * Former url codes (decision 0152) against a real database: the settings page's change of code
 * remembers the old one in the same transaction, a change back forgets it, a chain keeps every
 * step, and a code some practice goes by now is never sent elsewhere.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, practiceFormerUrlCodes, practices } from "~/db/schema";
import { useTestWorld, uniqueCode } from "../../../tests/support/world";
import { makePractice, makeUser } from "../../../tests/support/session-fixtures";
import { currentCodeForFormerCode } from "./former-codes.server";
import { addPractice } from "./onboarding.server";
import { findPracticeByCode, type Practice } from "./practices.server";
import { updatePractice } from "./settings.server";

const t = useTestWorld();

async function admin() {
  return { userId: (await makeUser(t.context, { globalRoles: ["admin"] })).id };
}

/** The details form's change of code, as /practices/edit/{code} saves it. */
async function renameTo(practice: Practice, urlCode: string) {
  const result = await updatePractice(t.context, await admin(), practice, "details", { urlCode });
  if (result.status !== "saved") throw new Error(`rename to ${urlCode}: ${result.status}`);
  return result.practice;
}

/** The former codes stored for a practice (no page lists them: each only redirects). */
const codesOf = async (practice: { id: number }) =>
  (await t.db.select({ urlCode: practiceFormerUrlCodes.urlCode }).from(practiceFormerUrlCodes).where(eq(practiceFormerUrlCodes.practiceId, practice.id))).map((r) => r.urlCode).sort();

describe("a practice's former url codes", () => {
  it("remembers the code it had: the former code finds the practice's current one", async () => {
    const [a, b] = [uniqueCode("fa"), uniqueCode("fb")];
    const practice = await renameTo(await makePractice(t.context, { urlCode: a }), b);
    expect(practice.urlCode).toBe(b);
    expect(await currentCodeForFormerCode(t.db, a)).toBe(b);
    expect(await currentCodeForFormerCode(t.db, a.toUpperCase())).toBe(b);
    expect(await findPracticeByCode(t.db, a)).toBeNull();
    // The current code is not a former one: its own pages answer.
    expect(await currentCodeForFormerCode(t.db, b)).toBeNull();
    const [row] = await t.db.select().from(practiceFormerUrlCodes).where(eq(practiceFormerUrlCodes.practiceId, practice.id));
    expect(row).toMatchObject({ urlCode: a, replacedAt: t.context.clock.now() });
  });

  it("audits the change as the admin change it is (before → after)", async () => {
    const [a, b] = [uniqueCode("fa"), uniqueCode("fb")];
    const actor = await admin();
    const practice = await makePractice(t.context, { urlCode: a });
    await updatePractice(t.context, actor, practice, "details", { urlCode: b });
    const rows = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.practiceId, practice.id), eq(auditEvents.action, "practice.setting_changed")));
    expect(rows.map((r) => ({ actor: r.actorUserId, ...(r.detail as object) }))).toEqual([
      { actor: actor.userId, section: "details", field: "urlCode", before: a, after: b },
    ]);
  });

  it("keeps every step of a chain pointing at the practice, and forgets a code taken back", async () => {
    const [x, y, z] = [uniqueCode("fx"), uniqueCode("fy"), uniqueCode("fz")];
    let practice = await makePractice(t.context, { urlCode: x });
    practice = await renameTo(practice, y);
    practice = await renameTo(practice, z);
    expect(await currentCodeForFormerCode(t.db, x)).toBe(z);
    expect(await currentCodeForFormerCode(t.db, y)).toBe(z);
    expect(await codesOf(practice)).toEqual([x, y].sort());

    practice = await renameTo(practice, x.toUpperCase());
    expect(await codesOf(practice)).toEqual([y, z].sort());
    expect(await currentCodeForFormerCode(t.db, x)).toBeNull();
    expect(await currentCodeForFormerCode(t.db, y)).toBe(x.toUpperCase());
    expect(await currentCodeForFormerCode(t.db, z)).toBe(x.toUpperCase());
  });

  it("records nothing for a change of case only: the address is the same", async () => {
    const a = uniqueCode("fc");
    const practice = await renameTo(await makePractice(t.context, { urlCode: a }), a.toUpperCase());
    expect(practice.urlCode).toBe(a.toUpperCase());
    expect(await codesOf(practice)).toEqual([]);
  });

  it("lets another practice take the old code, and then its pages answer, not a redirect", async () => {
    const [x, y] = [uniqueCode("tx"), uniqueCode("ty")];
    const first = await renameTo(await makePractice(t.context, { urlCode: x }), y);
    // Taken outside the settings page (a seed, another process mid-rename): the current code still wins.
    const second = await makePractice(t.context, { urlCode: x });
    expect(await currentCodeForFormerCode(t.db, x)).toBeNull();
    expect((await findPracticeByCode(t.db, x))?.id).toBe(second.id);
    expect(await codesOf(first)).toEqual([x]);
  });

  it("lets a rename take another practice's former code, and a later rename away sends it to the latest holder", async () => {
    const [x, y, w] = [uniqueCode("rx"), uniqueCode("ry"), uniqueCode("rw")];
    const first = await renameTo(await makePractice(t.context, { urlCode: x }), y);
    let second = await renameTo(await makePractice(t.context, { urlCode: w }), x);
    expect(await codesOf(first)).toEqual([]);
    expect(await currentCodeForFormerCode(t.db, x)).toBeNull();
    second = await renameTo(second, uniqueCode("rv"));
    expect(await currentCodeForFormerCode(t.db, x)).toBe(second.urlCode);
    expect(await codesOf(second)).toEqual([w, x].sort());
  });

  it("lets a new practice be created with another's former code", async () => {
    const [x, y] = [uniqueCode("nx"), uniqueCode("ny")];
    const first = await renameTo(await makePractice(t.context, { urlCode: x }), y);
    const actor = await admin();
    const added = await addPractice(t.context, "http://localhost", actor.userId, {
      name: "New Surgery",
      urlCode: x,
      odsCode: null,
      ehrType: "emis",
      country: "england",
      ccgId: null,
      adminEmail: `admin.${uniqueCode("n")}@nhs.net`,
    });
    expect(added.status).toBe("created");
    expect(await codesOf(first)).toEqual([]);
    expect(await currentCodeForFormerCode(t.db, x)).toBeNull();
  });

  it("answers null for an unknown code, and asks nothing for one of the wrong shape", async () => {
    expect(await currentCodeForFormerCode(t.db, uniqueCode("none"))).toBeNull();
    const noDb = new Proxy({}, { get: () => { throw new Error("no query expected"); } }) as typeof t.db;
    expect(await currentCodeForFormerCode(noDb, "old-code")).toBeNull();
    expect(await currentCodeForFormerCode(noDb, "")).toBeNull();
    expect(await currentCodeForFormerCode(noDb, "%41BC")).toBeNull();
  });

  it("goes with its practice", async () => {
    const [a, b] = [uniqueCode("da"), uniqueCode("db")];
    const practice = await renameTo(await makePractice(t.context, { urlCode: a }), b);
    await t.db.delete(practices).where(eq(practices.id, practice.id));
    expect(await currentCodeForFormerCode(t.db, a)).toBeNull();
    expect(await t.db.select().from(practiceFormerUrlCodes).where(eq(practiceFormerUrlCodes.practiceId, practice.id))).toEqual([]);
  });
});
