/**
 * Imports what an uploaded file holds (upload.ts) into a practice's templates and
 * questionnaires in one transaction: a title the practice already uses is refused like any
 * other line, and if anything is refused nothing is imported (decision 0089). Audited once,
 * with the counts.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { messageTemplates, questionnaires } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import type { Clock } from "~/domain/clock";
import type { Actor } from "./templates.server";
import { UPLOAD_MESSAGES, type ParsedUpload, type Refusal } from "./upload";

export type ImportOutcome = { status: "imported"; templates: number; questionnaires: number } | { status: "refused"; refusals: Refusal[] };

export async function importUpload(db: Db, clock: Clock, practiceId: number, actor: Actor, parsed: ParsedUpload, fileName: string): Promise<ImportOutcome> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const refusals = [...parsed.refusals];
    const lower = (titles: string[]) => titles.map((t) => t.toLowerCase());
    if (parsed.templates.length) {
      const taken = await tx
        .select({ title: messageTemplates.title })
        .from(messageTemplates)
        .where(and(eq(messageTemplates.practiceId, practiceId), inArray(sql`lower(${messageTemplates.title})`, lower(parsed.templates.map((t) => t.title)))));
      const names = new Set(lower(taken.map((t) => t.title)));
      for (const t of parsed.templates) if (names.has(t.title.toLowerCase())) refusals.push({ where: t.where, message: UPLOAD_MESSAGES.exists("template", t.title) });
    }
    if (parsed.questionnaires.length) {
      const taken = await tx
        .select({ title: questionnaires.title })
        .from(questionnaires)
        .where(and(eq(questionnaires.practiceId, practiceId), inArray(sql`lower(${questionnaires.title})`, lower(parsed.questionnaires.map((q) => q.title)))));
      const names = new Set(lower(taken.map((q) => q.title)));
      for (const q of parsed.questionnaires) if (names.has(q.title.toLowerCase())) refusals.push({ where: q.where, message: UPLOAD_MESSAGES.exists("questionnaire", q.title) });
    }
    if (refusals.length) {
      // A CSV file's report reads in line order, whichever check refused the line.
      const line = (r: Refusal) => Number(/^Line (\d+)$/.exec(r.where)?.[1] ?? Number.NaN);
      if (refusals.every((r) => !Number.isNaN(line(r)))) refusals.sort((a, b) => line(a) - line(b));
      return { status: "refused" as const, refusals };
    }
    if (parsed.templates.length) {
      await tx.insert(messageTemplates).values(
        parsed.templates.map((t) => ({ practiceId, title: t.title, body: t.body, tags: t.tags, createdByUserId: actor.userId, createdAt: now, updatedAt: now })),
      );
    }
    if (parsed.questionnaires.length) {
      await tx.insert(questionnaires).values(
        parsed.questionnaires.map((q) => ({ practiceId, title: q.title, description: q.description, tags: q.tags, questions: q.questions, createdByUserId: actor.userId, createdAt: now, updatedAt: now })),
      );
    }
    await audit(tx as unknown as Db, {
      actorUserId: actor.userId,
      practiceId,
      action: "templates.imported",
      subjectType: "practice",
      subjectId: practiceId,
      detail: { templates: parsed.templates.length, questionnaires: parsed.questionnaires.length, format: fileName.toLowerCase().endsWith(".json") ? "json" : "csv" },
      at: now,
    });
    return { status: "imported" as const, templates: parsed.templates.length, questionnaires: parsed.questionnaires.length };
  });
}
