CREATE TABLE "signpost_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"patient_entry_id" integer,
	"signpost_rule_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signpost_events_kind" CHECK ("signpost_events"."kind" in ('shown', 'clicked'))
);
--> statement-breakpoint
ALTER TABLE "signpost_events" ADD CONSTRAINT "signpost_events_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signpost_events" ADD CONSTRAINT "signpost_events_patient_entry_id_patient_entries_id_fk" FOREIGN KEY ("patient_entry_id") REFERENCES "public"."patient_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signpost_events" ADD CONSTRAINT "signpost_events_signpost_rule_id_signposting_rules_id_fk" FOREIGN KEY ("signpost_rule_id") REFERENCES "public"."signposting_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signpost_events_practice_idx" ON "signpost_events" USING btree ("practice_id","created_at");--> statement-breakpoint
CREATE INDEX "signpost_events_entry_idx" ON "signpost_events" USING btree ("patient_entry_id");--> statement-breakpoint
CREATE INDEX "entry_events_created_idx" ON "entry_events" USING btree ("created_at");--> statement-breakpoint
-- The rollup gains measures (exact response minutes, triage decisions, requests by user): start it
-- again from scratch so every hour already counted gets them too (decision 0092).
DELETE FROM "report_rollup_state";
