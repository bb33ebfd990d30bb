ALTER TABLE "questionnaire_sends" ALTER COLUMN "patient_entry_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_messages" ADD COLUMN "questionnaire_id" integer;--> statement-breakpoint
ALTER TABLE "questionnaire_sends" ADD COLUMN "bulk_message_id" integer;--> statement-breakpoint
ALTER TABLE "bulk_messages" ADD CONSTRAINT "bulk_messages_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_sends" ADD CONSTRAINT "questionnaire_sends_bulk_message_id_bulk_messages_id_fk" FOREIGN KEY ("bulk_message_id") REFERENCES "public"."bulk_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_sends_bulk_patient_key" ON "questionnaire_sends" USING btree ("bulk_message_id","patient_id");