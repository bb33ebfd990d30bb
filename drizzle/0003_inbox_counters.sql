CREATE TABLE "entry_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_entry_id" integer NOT NULL,
	"actor_user_id" integer,
	"kind" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_counters" (
	"practice_id" integer NOT NULL,
	"inbox" text NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inbox_counters_practice_id_inbox_user_id_pk" PRIMARY KEY("practice_id","inbox","user_id")
);
--> statement-breakpoint
ALTER TABLE "entry_events" ADD CONSTRAINT "entry_events_patient_entry_id_patient_entries_id_fk" FOREIGN KEY ("patient_entry_id") REFERENCES "public"."patient_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_events" ADD CONSTRAINT "entry_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_counters" ADD CONSTRAINT "inbox_counters_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entry_events_entry_idx" ON "entry_events" USING btree ("patient_entry_id","created_at");