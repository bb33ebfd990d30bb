CREATE TYPE "public"."entry_stage" AS ENUM('created', 'submitted', 'completed', 'rejected', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."issue_kind" AS ENUM('clinical', 'admin');--> statement-breakpoint
CREATE TYPE "public"."question_kind" AS ENUM('free_text', 'number', 'single_choice', 'multiple_choice', 'date', 'yes_no');--> statement-breakpoint
CREATE TABLE "answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_entry_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer" jsonb NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entry_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_entry_id" integer NOT NULL,
	"message_id" integer,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sensitive" boolean DEFAULT false NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "entry_files_file_key_unique" UNIQUE("file_key"),
	CONSTRAINT "entry_files_content_type" CHECK ("entry_files"."content_type" in ('image/jpeg', 'image/png', 'application/pdf'))
);
--> statement-breakpoint
CREATE TABLE "entry_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_entry_id" integer NOT NULL,
	"author_user_id" integer,
	"author_role" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entry_messages_author_role" CHECK ("entry_messages"."author_role" in ('patient', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "issue_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"hint" text,
	"kind" "issue_kind" NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "issue_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "patient_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"requester" text DEFAULT 'myself' NOT NULL,
	"issue_type_id" integer NOT NULL,
	"stage" "entry_stage" DEFAULT 'created' NOT NULL,
	"awaiting_patient_reply" boolean DEFAULT false NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_reason" text,
	"emergency_confirmed_at" timestamp with time zone,
	"signpost_rule_id" integer,
	"signposted_at" timestamp with time zone,
	"signpost_continued_at" timestamp with time zone,
	"confirmed" boolean DEFAULT false NOT NULL,
	"urgency_id" integer,
	"assigned_to_id" integer,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_entries_requester" CHECK ("patient_entries"."requester" in ('myself', 'dependent', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "practice_daily_submissions" (
	"practice_id" integer NOT NULL,
	"day" date NOT NULL,
	"submitted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "practice_daily_submissions_practice_id_day_pk" PRIMARY KEY("practice_id","day")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_type_id" integer NOT NULL,
	"page" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"text" text NOT NULL,
	"hint" text,
	"kind" "question_kind" NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"max_length" integer,
	"min_value" integer,
	"max_value" integer,
	"options" jsonb,
	"emergency_values" jsonb,
	"allows_attachments" boolean DEFAULT false NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signposting_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"match_value" text NOT NULL,
	"title" text NOT NULL,
	"advice" text NOT NULL,
	"service_name" text,
	"service_url" text
);
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "requests_in_opening_hours_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_patient_entry_id_patient_entries_id_fk" FOREIGN KEY ("patient_entry_id") REFERENCES "public"."patient_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_files" ADD CONSTRAINT "entry_files_patient_entry_id_patient_entries_id_fk" FOREIGN KEY ("patient_entry_id") REFERENCES "public"."patient_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_files" ADD CONSTRAINT "entry_files_message_id_entry_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."entry_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_files" ADD CONSTRAINT "entry_files_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_messages" ADD CONSTRAINT "entry_messages_patient_entry_id_patient_entries_id_fk" FOREIGN KEY ("patient_entry_id") REFERENCES "public"."patient_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_messages" ADD CONSTRAINT "entry_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_entries" ADD CONSTRAINT "patient_entries_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_entries" ADD CONSTRAINT "patient_entries_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_entries" ADD CONSTRAINT "patient_entries_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_entries" ADD CONSTRAINT "patient_entries_issue_type_id_issue_types_id_fk" FOREIGN KEY ("issue_type_id") REFERENCES "public"."issue_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_entries" ADD CONSTRAINT "patient_entries_signpost_rule_id_signposting_rules_id_fk" FOREIGN KEY ("signpost_rule_id") REFERENCES "public"."signposting_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_entries" ADD CONSTRAINT "patient_entries_assigned_to_id_users_id_fk" FOREIGN KEY ("assigned_to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_daily_submissions" ADD CONSTRAINT "practice_daily_submissions_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_issue_type_id_issue_types_id_fk" FOREIGN KEY ("issue_type_id") REFERENCES "public"."issue_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signposting_rules" ADD CONSTRAINT "signposting_rules_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answers_entry_question_key" ON "answers" USING btree ("patient_entry_id","question_id");--> statement-breakpoint
CREATE INDEX "entry_files_entry_idx" ON "entry_files" USING btree ("patient_entry_id");--> statement-breakpoint
CREATE INDEX "entry_messages_entry_idx" ON "entry_messages" USING btree ("patient_entry_id","created_at");--> statement-breakpoint
CREATE INDEX "patient_entries_patient_idx" ON "patient_entries" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "patient_entries_creator_idx" ON "patient_entries" USING btree ("created_by_user_id","created_at");--> statement-breakpoint
CREATE INDEX "patient_entries_practice_stage_idx" ON "patient_entries" USING btree ("practice_id","stage","submitted_at");--> statement-breakpoint
CREATE INDEX "questions_issue_type_page_idx" ON "questions" USING btree ("issue_type_id","page","position");