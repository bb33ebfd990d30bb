-- One friends and family test invitation per appointment (decision 0151). Deployments that ran
-- two web processes may hold two for one appointment: the earliest keeps the reference, the later
-- ones get "#duplicate-{id}" after it so the unique index can be built. No row is deleted: an
-- answer (fft_responses) may point at any of them, and their links stay valid until they expire.
UPDATE "fft_invitations" SET "appointment_ref" = "appointment_ref" || '#duplicate-' || "id"
WHERE "appointment_ref" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "fft_invitations" "earlier"
  WHERE "earlier"."practice_id" = "fft_invitations"."practice_id"
    AND "earlier"."appointment_ref" = "fft_invitations"."appointment_ref"
    AND "earlier"."id" < "fft_invitations"."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "fft_invitations_appointment_key" ON "fft_invitations" USING btree ("practice_id","appointment_ref") WHERE "fft_invitations"."appointment_ref" is not null;
