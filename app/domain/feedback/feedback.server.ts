/** Storing a patient's or carer's feedback at a practice (read by app/domain/reports/feedback.server.ts). */
import type { Db } from "~/db/client.server";
import { patientFeedback } from "~/db/schema";
import type { FeedbackInput } from "./feedback";

export async function giveFeedback(db: Db, input: { practiceId: number; userId: number; feedback: FeedbackInput; now: Date }): Promise<number> {
  const [row] = await db
    .insert(patientFeedback)
    .values({
      practiceId: input.practiceId,
      userId: input.userId,
      feedbackFor: input.feedback.feedbackFor,
      rating: input.feedback.rating,
      comment: input.feedback.comment,
      mayContact: input.feedback.mayContact,
      createdAt: input.now,
    })
    .returning({ id: patientFeedback.id });
  return row!.id;
}
