CREATE TABLE "entry_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_entry_id" integer NOT NULL,
	"text" text NOT NULL,
	"assigned_to_id" integer,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "entry_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_entry_id" integer NOT NULL,
	"author_user_id" integer,
	"body" text NOT NULL,
	"snomed_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "entry_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_entry_id" integer NOT NULL,
	"actor_user_id" integer,
	"kind" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entry_viewers" (
	"patient_entry_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "entry_viewers_patient_entry_id_user_id_pk" PRIMARY KEY("patient_entry_id","user_id")
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
CREATE TABLE "snomed_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"term" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "patient_reply_to_unassigned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "entry_actions" ADD CONSTRAINT "entry_actions_patient_entry_id_patient_entries_id_fk" FOREIGN KEY ("patient_entry_id") REFERENCES "public"."patient_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_actions" ADD CONSTRAINT "entry_actions_assigned_to_id_users_id_fk" FOREIGN KEY ("assigned_to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_actions" ADD CONSTRAINT "entry_actions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_actions" ADD CONSTRAINT "entry_actions_completed_by_user_id_users_id_fk" FOREIGN KEY ("completed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_comments" ADD CONSTRAINT "entry_comments_patient_entry_id_patient_entries_id_fk" FOREIGN KEY ("patient_entry_id") REFERENCES "public"."patient_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_comments" ADD CONSTRAINT "entry_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_events" ADD CONSTRAINT "entry_events_patient_entry_id_patient_entries_id_fk" FOREIGN KEY ("patient_entry_id") REFERENCES "public"."patient_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_events" ADD CONSTRAINT "entry_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_viewers" ADD CONSTRAINT "entry_viewers_patient_entry_id_patient_entries_id_fk" FOREIGN KEY ("patient_entry_id") REFERENCES "public"."patient_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_viewers" ADD CONSTRAINT "entry_viewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_counters" ADD CONSTRAINT "inbox_counters_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entry_actions_entry_idx" ON "entry_actions" USING btree ("patient_entry_id");--> statement-breakpoint
CREATE INDEX "entry_actions_assignee_idx" ON "entry_actions" USING btree ("assigned_to_id","completed_at");--> statement-breakpoint
CREATE INDEX "entry_comments_entry_idx" ON "entry_comments" USING btree ("patient_entry_id","created_at");--> statement-breakpoint
CREATE INDEX "entry_events_entry_idx" ON "entry_events" USING btree ("patient_entry_id","created_at");--> statement-breakpoint
CREATE INDEX "snomed_codes_term_idx" ON "snomed_codes" USING btree (lower("term"));