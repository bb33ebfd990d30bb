/** Video consultations for tests: one row, scheduled a day ahead unless told otherwise. */
import { randomBytes } from "node:crypto";
import { groupChatMembers, groupChats, videoConsultations } from "~/db/schema";
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

/** A group video call (decision 0123) at a practice, a day ahead, with these staff and patients as members. */
export async function makeGroupChat(context: Pick<TestContext, "db" | "clock">, input: { practiceId: number; staff: number[]; patients: number[] }) {
  const [chat] = await context.db
    .insert(groupChats)
    .values({ practiceId: input.practiceId, title: "Test group", scheduledFor: new Date(context.clock.now().getTime() + 86_400_000) })
    .returning({ id: groupChats.id });
  await context.db.insert(groupChatMembers).values([
    ...input.staff.map((userId) => ({ groupChatId: chat.id, userId })),
    ...input.patients.map((patientId) => ({ groupChatId: chat.id, patientId })),
  ]);
  return { id: chat.id };
}
