/**
 * The AI-testing review area (spec 3 §2, decision 0118): the aitesting practice's reviewers are
 * each given its submitted requests one at a time with the model's suggested triage (the rules
 * stand-in of ai-triage.ts), agree or correct it, and see what they completed with the rates.
 * Every query is scoped to the practice and the reviewer in SQL.
 */
import { and, asc, desc, eq, isNotNull, isNull, notExists, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { aiTestAssignments, answers, issueTypes, patientEntries, questions, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { NotFound } from "~/domain/outcomes";
import { rulesTriageModel, type TriageModel } from "./ai-triage";

type Reviewer = { practiceId: number; reviewerId: number };

async function requestForModel(db: Db, entryId: number) {
  const [entry] = await db
    .select({ issueKind: issueTypes.kind, issueName: issueTypes.name })
    .from(patientEntries)
    .innerJoin(issueTypes, eq(issueTypes.id, patientEntries.issueTypeId))
    .where(eq(patientEntries.id, entryId));
  const rows = await db
    .select({ question: questions.text, answer: sql<string>`${answers.answer}::text` })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(eq(answers.patientEntryId, entryId))
    .orderBy(asc(questions.page), asc(questions.id));
  const qa = rows.map((r) => {
    const value = JSON.parse(r.answer) as string | string[];
    return { question: r.question, answer: Array.isArray(value) ? value.join(", ") : value };
  });
  return { issueKind: String(entry?.issueKind ?? "admin"), issueName: entry?.issueName ?? "Request", answers: qa };
}

/**
 * The reviewer's open assignment, or a new one: the practice's oldest submitted request this
 * reviewer has not reviewed, with the model's suggestion. Null when none is left.
 */
export async function nextAssignment(context: AppContext, reviewer: Reviewer, model: TriageModel = rulesTriageModel): Promise<number | null> {
  const { db } = context;
  const [open] = await db
    .select({ id: aiTestAssignments.id })
    .from(aiTestAssignments)
    .where(and(eq(aiTestAssignments.practiceId, reviewer.practiceId), eq(aiTestAssignments.reviewerUserId, reviewer.reviewerId), isNull(aiTestAssignments.completedAt)))
    .orderBy(asc(aiTestAssignments.id))
    .limit(1);
  if (open) return open.id;
  const [candidate] = await db
    .select({ id: patientEntries.id })
    .from(patientEntries)
    .where(
      and(
        eq(patientEntries.practiceId, reviewer.practiceId),
        isNotNull(patientEntries.submittedAt),
        isNull(patientEntries.deletedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(aiTestAssignments)
            .where(and(eq(aiTestAssignments.patientEntryId, patientEntries.id), eq(aiTestAssignments.reviewerUserId, reviewer.reviewerId))),
        ),
      ),
    )
    .orderBy(asc(patientEntries.submittedAt), asc(patientEntries.id))
    .limit(1);
  if (!candidate) return null;
  const request = await requestForModel(db, candidate.id);
  const suggestion = model({ issueKind: request.issueKind, issueName: request.issueName, text: request.answers.map((a) => a.answer).join(". ") });
  const [made] = await db
    .insert(aiTestAssignments)
    .values({
      practiceId: reviewer.practiceId,
      patientEntryId: candidate.id,
      reviewerUserId: reviewer.reviewerId,
      suggestedUrgencyId: suggestion.urgencyId,
      suggestedRole: suggestion.role,
      suggestionReason: suggestion.reason,
      assignedAt: context.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ id: aiTestAssignments.id });
  // Two tabs at once: the other made it; read it back.
  return made?.id ?? nextAssignment(context, reviewer, model);
}

/** One assignment of this reviewer at this practice, with the request as the model saw it; NotFound otherwise. */
export async function assignmentForReview(db: Db, reviewer: Reviewer, assignmentId: number) {
  const [row] = await db
    .select()
    .from(aiTestAssignments)
    .where(and(eq(aiTestAssignments.id, assignmentId), eq(aiTestAssignments.practiceId, reviewer.practiceId), eq(aiTestAssignments.reviewerUserId, reviewer.reviewerId)));
  if (!row) throw new NotFound();
  return { assignment: row, request: await requestForModel(db, row.patientEntryId) };
}

export type ReviewAnswer = { agreed: boolean; urgencyId: number | null; role: string | null };

/** Records the review once (a second post finds it completed: "already"). Audited. */
export async function completeReview(context: AppContext, reviewer: Reviewer, assignmentId: number, answer: ReviewAnswer): Promise<"ok" | "already"> {
  const now = context.clock.now();
  const updated = await context.db
    .update(aiTestAssignments)
    .set({
      agreed: answer.agreed,
      correctedUrgencyId: answer.agreed ? null : answer.urgencyId,
      correctedRole: answer.agreed ? null : answer.role,
      completedAt: now,
    })
    .where(
      and(
        eq(aiTestAssignments.id, assignmentId),
        eq(aiTestAssignments.practiceId, reviewer.practiceId),
        eq(aiTestAssignments.reviewerUserId, reviewer.reviewerId),
        isNull(aiTestAssignments.completedAt),
      ),
    )
    .returning({ id: aiTestAssignments.id });
  if (updated.length === 0) return "already";
  await audit(context.db, {
    actorUserId: reviewer.reviewerId,
    practiceId: reviewer.practiceId,
    action: "aitesting.review_completed",
    subjectType: "ai_test_assignment",
    subjectId: assignmentId,
    detail: { agreed: answer.agreed },
    at: now,
  });
  return "ok";
}

/** Completed reviews, newest first: one reviewer's, or (a system admin) everyone's at the practice. */
export async function completedReviews(db: Db, scope: { practiceId: number; reviewerId: number | null }) {
  return db
    .select({
      id: aiTestAssignments.id,
      patientEntryId: aiTestAssignments.patientEntryId,
      reviewer: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      agreed: sql<boolean>`coalesce(${aiTestAssignments.agreed}, false)`,
      suggestedUrgencyId: aiTestAssignments.suggestedUrgencyId,
      suggestedRole: aiTestAssignments.suggestedRole,
      correctedUrgencyId: aiTestAssignments.correctedUrgencyId,
      correctedRole: aiTestAssignments.correctedRole,
      completedAt: aiTestAssignments.completedAt,
    })
    .from(aiTestAssignments)
    .innerJoin(users, eq(users.id, aiTestAssignments.reviewerUserId))
    .where(
      and(
        eq(aiTestAssignments.practiceId, scope.practiceId),
        isNotNull(aiTestAssignments.completedAt),
        scope.reviewerId === null ? undefined : eq(aiTestAssignments.reviewerUserId, scope.reviewerId),
      ),
    )
    .orderBy(desc(aiTestAssignments.completedAt), desc(aiTestAssignments.id))
    .limit(500);
}
