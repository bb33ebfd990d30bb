/**
 * A bulk message's questionnaire link (decision 0131): placed where {questionnaire_link} stands or
 * appended; one questionnaire_sends row per patient and message whichever channel asks first, its
 * token derived (the same link every time) and only its hash stored; counts for the progress page.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { questionnaires, questionnaireSends } from "~/db/schema";
import { NATIONAL_QUESTIONNAIRES } from "~/db/seed-templates.server";
import { bulkPatients, bulkPractice } from "../../../tests/support/bulk-fixtures";
import { useTestWorld } from "../../../tests/support/world";
import { createDraft } from "./bulk-messages.server";
import { bulkQuestionnaireLink, questionnaireCounts, questionnaireToken, withQuestionnaireLink } from "./questionnaire-links.server";

const world = useTestWorld();

describe("withQuestionnaireLink", () => {
  it("puts the link where the placeholder stands, every time it stands", () => {
    expect(withQuestionnaireLink("Answer: {questionnaire_link} (or {questionnaire_link})", "https://x/q", "Asthma")).toBe("Answer: https://x/q (or https://x/q)");
  });
  it("appends the link with the questionnaire's title when the text has no placeholder", () => {
    expect(withQuestionnaireLink("Dear Jane", "https://x/q", "Asthma review")).toBe('Dear Jane\n\nPlease answer the questionnaire "Asthma review": https://x/q');
  });
});

describe("bulkQuestionnaireLink", () => {
  it("makes one row per patient, gives the same link again, stores only the token's hash, and counts answers", async () => {
    const { context } = world;
    const staff = await bulkPractice(context);
    const [patient, other] = await bulkPatients(context, staff.practice.id, 2);
    const [q] = await context.db.insert(questionnaires).values({ ...NATIONAL_QUESTIONNAIRES[0], practiceId: null }).returning();
    const now = context.clock.now();
    const bulkMessageId = await createDraft(context.db, now, staff.practice.id, { userId: staff.receptionist.id });
    const input = { bulkMessageId, questionnaireId: q!.id, practiceId: staff.practice.id, practiceCode: staff.practice.urlCode, origin: "https://frontdoor.test", sentByUserId: staff.receptionist.id, now };
    const a = await bulkQuestionnaireLink(context.db, "secret", { ...input, patientId: patient!.id });
    const again = await bulkQuestionnaireLink(context.db, "secret", { ...input, patientId: patient!.id });
    const b = await bulkQuestionnaireLink(context.db, "secret", { ...input, patientId: other!.id });
    expect(again!.link).toBe(a!.link);
    expect(b!.link).not.toBe(a!.link);
    const rows = await context.db.select().from(questionnaireSends).where(eq(questionnaireSends.bulkMessageId, bulkMessageId));
    expect(rows).toHaveLength(2);
    const row = rows.find((r) => r.patientId === patient!.id)!;
    const token = questionnaireToken("secret", row.id);
    expect(a!.link).toBe(`https://frontdoor.test/${staff.practice.urlCode}/questionnaire/${row.id}?token=${token}`);
    expect(row.tokenHash).not.toContain(token);
    expect(row.expiresAt.getTime() - now.getTime()).toBe(14 * 86_400_000);
    expect(await questionnaireCounts(context.db, staff.practice.id, bulkMessageId)).toEqual({ sent: 2, answered: 0 });
    await context.db.update(questionnaireSends).set({ answeredAt: now }).where(eq(questionnaireSends.id, row.id));
    expect(await questionnaireCounts(context.db, staff.practice.id, bulkMessageId)).toEqual({ sent: 2, answered: 1 });
    // Another practice's view of the message counts nothing.
    expect(await questionnaireCounts(context.db, staff.practice.id + 1000, bulkMessageId)).toEqual({ sent: 0, answered: 0 });
  });
});
