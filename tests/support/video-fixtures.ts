/** Video consultations for tests: one row, scheduled a day ahead unless told otherwise. */
import { randomBytes } from "node:crypto";
import { videoConsultations } from "~/db/schema";
import { hashVideoToken } from "~/domain/video/schedule.server";
import type { TestContext } from "./context";

export async function makeConsultation(
  context: Pick<TestContext, "db" | "clock">,
  input: { practiceId: number; patientId: number; clinicianId: number; scheduledFor?: Date; patientEntryId?: number | null },
) {
  const token = randomBytes(24).toString("base64url");
  const [row] = await context.db
    .insert(videoConsultations)
    .values({
      practiceId: input.practiceId,
      patientId: input.patientId,
      assignedToId: input.clinicianId,
      patientEntryId: input.patientEntryId ?? null,
      scheduledFor: input.scheduledFor ?? new Date(context.clock.now().getTime() + 86_400_000),
      patientTokenHash: hashVideoToken(token),
    })
    .returning({ id: videoConsultations.id });
  return { id: row.id, token };
}
