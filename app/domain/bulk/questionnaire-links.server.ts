/**
 * A bulk message's questionnaire (decision 0131): each patient gets their own
 * questionnaire_sends row (made once, whichever channel goes first) and a link with a token
 * derived from the session secret, so every channel carries the same link and only the hash is
 * kept. The patient answers at /{code}/questionnaire/{id} like any sent questionnaire; the
 * answers make a request for that patient in the practice's Unassigned inbox
 * (questionnaire-sends.server.ts `recordAnswers`).
 */
import { createHash, createHmac } from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { practices, questionnaireSends, questionnaires } from "~/db/schema";

/** As long as a questionnaire sent from a request. */
export const QUESTIONNAIRE_LINK_DAYS = 14;
export const QUESTIONNAIRE_PLACEHOLDER = "{questionnaire_link}";

/** The same hash questionnaire-sends.server.ts checks a link's token against. */
const sha = (token: string) => createHash("sha256").update(token).digest("base64url");

export function questionnaireToken(secret: string, sendId: number): string {
  return createHmac("sha256", secret).update(`bulk-questionnaire:${sendId}`).digest("base64url");
}

export const questionnairePath = (practiceCode: string, sendId: number, token: string) => `/${practiceCode}/questionnaire/${sendId}?token=${encodeURIComponent(token)}`;

/**
 * The body with the patient's questionnaire link in place of {questionnaire_link}, or appended
 * when the text has no placeholder (as the booking link is). Pure.
 */
export function withQuestionnaireLink(body: string, link: string, title: string): string {
  if (body.includes(QUESTIONNAIRE_PLACEHOLDER)) return body.split(QUESTIONNAIRE_PLACEHOLDER).join(link);
  return `${body}\n\nPlease answer the questionnaire "${title}": ${link}`;
}

/** The patient's questionnaire link for one bulk message: the row is made once, then reused. */
export async function bulkQuestionnaireLink(
  db: Db,
  secret: string,
  input: { bulkMessageId: number; questionnaireId: number; patientId: number; practiceId: number; practiceCode: string; origin: string; sentByUserId: number | null; now: Date },
): Promise<{ link: string; title: string } | null> {
  const [questionnaire] = await db
    .select({ title: questionnaires.title, questions: questionnaires.questions })
    .from(questionnaires)
    .where(eq(questionnaires.id, input.questionnaireId));
  if (!questionnaire) return null;
  const [made] = await db
    .insert(questionnaireSends)
    .values({
      practiceId: input.practiceId,
      questionnaireId: input.questionnaireId,
      patientEntryId: null,
      patientId: input.patientId,
      bulkMessageId: input.bulkMessageId,
      tokenHash: `pending-${input.bulkMessageId}-${input.patientId}`,
      inboxUserId: null,
      questions: questionnaire.questions as unknown[],
      title: questionnaire.title,
      sentByUserId: input.sentByUserId,
      sentAt: input.now,
      expiresAt: new Date(input.now.getTime() + QUESTIONNAIRE_LINK_DAYS * 86_400_000),
    })
    .onConflictDoNothing()
    .returning({ id: questionnaireSends.id, title: questionnaireSends.title });
  let row = made;
  if (row) {
    const hash = sha(questionnaireToken(secret, row.id));
    await db.update(questionnaireSends).set({ tokenHash: hash }).where(eq(questionnaireSends.id, row.id));
  } else {
    [row] = await db
      .select({ id: questionnaireSends.id, title: questionnaireSends.title })
      .from(questionnaireSends)
      .where(and(eq(questionnaireSends.bulkMessageId, input.bulkMessageId), eq(questionnaireSends.patientId, input.patientId)));
  }
  return { link: `${input.origin}${questionnairePath(input.practiceCode, row!.id, questionnaireToken(secret, row!.id))}`, title: row!.title };
}

/** How many patients were sent the questionnaire and how many answered (the progress page). */
export async function questionnaireCounts(db: Db, practiceId: number, bulkMessageId: number): Promise<{ sent: number; answered: number }> {
  const [row] = await db
    .select({ sent: sql<number>`count(*)::int`, answered: sql<number>`count(${questionnaireSends.answeredAt})::int` })
    .from(questionnaireSends)
    .where(and(eq(questionnaireSends.bulkMessageId, bulkMessageId), eq(questionnaireSends.practiceId, practiceId), isNotNull(questionnaireSends.bulkMessageId)));
  return { sent: row?.sent ?? 0, answered: row?.answered ?? 0 };
}

/**
 * The signed-in patient's questionnaire of a bulk message they were sent: their page of the
 * message links to it without the token (the answer page lets them in as the patient).
 */
export async function patientQuestionnaire(db: Db, now: Date, bulkMessageId: number, patientId: number): Promise<{ href: string; title: string; answered: boolean; expired: boolean } | null> {
  const [row] = await db
    .select({ id: questionnaireSends.id, title: questionnaireSends.title, answeredAt: questionnaireSends.answeredAt, expiresAt: questionnaireSends.expiresAt, code: practices.urlCode })
    .from(questionnaireSends)
    .innerJoin(practices, eq(practices.id, questionnaireSends.practiceId))
    .where(and(eq(questionnaireSends.bulkMessageId, bulkMessageId), eq(questionnaireSends.patientId, patientId)));
  return row ? { href: `/${row.code}/questionnaire/${row.id}`, title: row.title, answered: row.answeredAt !== null, expired: row.expiresAt <= now } : null;
}
