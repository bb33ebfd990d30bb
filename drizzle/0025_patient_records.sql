CREATE TABLE "gp_record_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"detail" text,
	"recorded_on" date NOT NULL,
	CONSTRAINT "gp_record_entries_kind" CHECK ("gp_record_entries"."kind" in ('allergy', 'problem', 'test_result'))
);
--> statement-breakpoint
ALTER TABLE "gp_record_entries" ADD CONSTRAINT "gp_record_entries_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gp_record_entries_patient_idx" ON "gp_record_entries" USING btree ("patient_id");