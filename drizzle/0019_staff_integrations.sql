CREATE TABLE "gp_consultations" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"patient_entry_id" integer NOT NULL,
	"summary" text NOT NULL,
	"snomed_codes" jsonb NOT NULL,
	"filed_by_user_id" integer,
	"filed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_merges" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"kept_patient_id" integer NOT NULL,
	"merged_patient_id" integer NOT NULL,
	"moved_entry_ids" jsonb NOT NULL,
	"moved_carer_link_ids" jsonb NOT NULL,
	"kept_before" jsonb NOT NULL,
	"merged_before" jsonb NOT NULL,
	"merged_by_user_id" integer,
	"merged_at" timestamp with time zone NOT NULL,
	"undone_by_user_id" integer,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "patient_entries" ADD COLUMN "triage_difficulty" text;--> statement-breakpoint
ALTER TABLE "patient_entries" ADD COLUMN "triage_role" text;--> statement-breakpoint
ALTER TABLE "patient_entries" ADD COLUMN "triage_actions" jsonb;--> statement-breakpoint
ALTER TABLE "patient_entries" ADD COLUMN "triage_topics" jsonb;--> statement-breakpoint
ALTER TABLE "patient_entries" ADD COLUMN "long_term_condition" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_entries" ADD COLUMN "review_date" date;--> statement-breakpoint
ALTER TABLE "patient_entries" ADD COLUMN "filed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patient_entries" ADD COLUMN "filed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "merged_into_patient_id" integer;--> statement-breakpoint
ALTER TABLE "gp_consultations" ADD CONSTRAINT "gp_consultations_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gp_consultations" ADD CONSTRAINT "gp_consultations_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gp_consultations" ADD CONSTRAINT "gp_consultations_patient_entry_id_patient_entries_id_fk" FOREIGN KEY ("patient_entry_id") REFERENCES "public"."patient_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gp_consultations" ADD CONSTRAINT "gp_consultations_filed_by_user_id_users_id_fk" FOREIGN KEY ("filed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_merges" ADD CONSTRAINT "patient_merges_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_merges" ADD CONSTRAINT "patient_merges_kept_patient_id_patients_id_fk" FOREIGN KEY ("kept_patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_merges" ADD CONSTRAINT "patient_merges_merged_patient_id_patients_id_fk" FOREIGN KEY ("merged_patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_merges" ADD CONSTRAINT "patient_merges_merged_by_user_id_users_id_fk" FOREIGN KEY ("merged_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_merges" ADD CONSTRAINT "patient_merges_undone_by_user_id_users_id_fk" FOREIGN KEY ("undone_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gp_consultations_entry_key" ON "gp_consultations" USING btree ("patient_entry_id");--> statement-breakpoint
CREATE INDEX "gp_consultations_patient_idx" ON "gp_consultations" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "patient_merges_practice_idx" ON "patient_merges" USING btree ("practice_id","merged_at");--> statement-breakpoint
CREATE INDEX "patient_merges_kept_idx" ON "patient_merges" USING btree ("kept_patient_id");--> statement-breakpoint
ALTER TABLE "patient_entries" ADD CONSTRAINT "patient_entries_filed_by_user_id_users_id_fk" FOREIGN KEY ("filed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_merged_into_patient_id_patients_id_fk" FOREIGN KEY ("merged_into_patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;