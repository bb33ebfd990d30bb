CREATE TYPE "public"."banner_type" AS ENUM('information', 'warning');--> statement-breakpoint
CREATE TYPE "public"."ehr_type" AS ENUM('emis', 'tpp');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('female', 'male', 'not_specified');--> statement-breakpoint
CREATE TYPE "public"."global_role" AS ENUM('admin', 'advanced', 'ccg_admin', 'carer_user');--> statement-breakpoint
CREATE TYPE "public"."practice_role" AS ENUM('gp', 'receptionist', 'practice_admin');--> statement-breakpoint
CREATE TYPE "public"."weekday" AS ENUM('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday');--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"practice_id" integer,
	"action" text NOT NULL,
	"subject_type" text,
	"subject_id" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" integer,
	"practice_id" integer,
	"email" text,
	"scope" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carer_dependents" (
	"id" serial PRIMARY KEY NOT NULL,
	"carer_user_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"relationship" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ccgs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "global_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"show_future_video_consultations" boolean DEFAULT false NOT NULL,
	"show_urgency_ai_messages" boolean DEFAULT false NOT NULL,
	"show_future_video_schedules" boolean DEFAULT false NOT NULL,
	"use_aha_feedback_link" boolean DEFAULT false NOT NULL,
	"aha_feedback_link_url" text,
	"maximum_patient_age" integer DEFAULT 111 NOT NULL,
	"allowed_time_start" time,
	"allowed_time_end" time,
	"trustpilot_frequency" text DEFAULT '0.1' NOT NULL,
	"trustpilot_rating" integer DEFAULT 4 NOT NULL,
	"trustpilot_url" text DEFAULT 'https://uk.trustpilot.com/evaluate/frontdoor' NOT NULL,
	"fft_link_expiry" integer,
	"show_counselling_services" boolean DEFAULT false NOT NULL,
	"patient_licence_url" text,
	"staff_licence_url" text,
	"research_projects_url" text,
	"health_hub_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "global_settings_single_row" CHECK ("global_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "maintenance_banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"type" "banner_type" DEFAULT 'information' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mfa_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"mfa_type" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"sms_mobile_number" text,
	"totp_secret" text,
	"last_totp_step" integer,
	"sms_code_hash" text,
	"sms_code_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opening_hours" (
	"practice_id" integer NOT NULL,
	"day" "weekday" NOT NULL,
	"local_opening_time" time,
	"local_closing_time" time,
	"closed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "opening_hours_practice_id_day_pk" PRIMARY KEY("practice_id","day"),
	CONSTRAINT "opening_hours_times" CHECK ("opening_hours"."closed" or ("opening_hours"."local_opening_time" is not null and "opening_hours"."local_closing_time" is not null and "opening_hours"."local_opening_time" < "opening_hours"."local_closing_time"))
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"template" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"personalisation" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"user_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"nhs_number" text,
	"gender" "gender",
	"email" text,
	"mobile" text,
	"phone" text,
	"address_line_1" text,
	"town" text,
	"postcode" text,
	"non_digital" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patients_nhs_number_format" CHECK ("patients"."nhs_number" is null or "patients"."nhs_number" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "practice_memberships" (
	"user_id" integer NOT NULL,
	"practice_id" integer NOT NULL,
	"role" "practice_role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_memberships_user_id_practice_id_role_pk" PRIMARY KEY("user_id","practice_id","role")
);
--> statement-breakpoint
CREATE TABLE "practices" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url_code" text NOT NULL,
	"ods_code" text,
	"ccg_id" integer,
	"address_line_1" text,
	"town" text,
	"postcode" text,
	"phone" text,
	"allow_video" boolean DEFAULT false NOT NULL,
	"notification_setting" boolean DEFAULT false NOT NULL,
	"group_chat_setting" boolean DEFAULT false NOT NULL,
	"sso_setting" boolean DEFAULT false NOT NULL,
	"tabs_setting" boolean DEFAULT false NOT NULL,
	"mfa_enabled" boolean DEFAULT false NOT NULL,
	"ehr_type" "ehr_type" DEFAULT 'emis' NOT NULL,
	"pfs_ehr_type" "ehr_type",
	"has_docman_guid" boolean DEFAULT false NOT NULL,
	"idle_timeout" integer,
	"bulk_messaging_enabled" boolean DEFAULT false NOT NULL,
	"translation_gp" boolean DEFAULT false NOT NULL,
	"translation_patient" boolean DEFAULT false NOT NULL,
	"patient_my_health_enabled" boolean DEFAULT false NOT NULL,
	"reports_enabled" boolean DEFAULT true NOT NULL,
	"patient_view_enabled" boolean DEFAULT false NOT NULL,
	"linkage_enabled" boolean DEFAULT false NOT NULL,
	"appointments_enabled" boolean DEFAULT false NOT NULL,
	"prescriptions_enabled" boolean DEFAULT false NOT NULL,
	"daily_request_limit" integer,
	"requests_closed_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practices_url_code_format" CHECK ("practices"."url_code" ~ '^[A-Za-z0-9]+$'),
	CONSTRAINT "practices_idle_timeout_positive" CHECK ("practices"."idle_timeout" is null or "practices"."idle_timeout" > 1)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"practice_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"authenticated_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"idle_expires_at" timestamp with time zone,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "sign_in_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_key" text NOT NULL,
	"address_key" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"comment" text NOT NULL,
	"feedback_for" text NOT NULL,
	"user_id" integer,
	"from_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_global_roles" (
	"user_id" integer NOT NULL,
	"role" "global_role" NOT NULL,
	CONSTRAINT "user_global_roles_user_id_role_pk" PRIMARY KEY("user_id","role")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"patient_facing_name" text,
	"mobile" text,
	"password_hash" text,
	"email_verified_at" timestamp with time zone,
	"is_guest_account" boolean DEFAULT false NOT NULL,
	"disabled_at" timestamp with time zone,
	"ccg_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_dependents" ADD CONSTRAINT "carer_dependents_carer_user_id_users_id_fk" FOREIGN KEY ("carer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_dependents" ADD CONSTRAINT "carer_dependents_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_settings" ADD CONSTRAINT "mfa_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_hours" ADD CONSTRAINT "opening_hours_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_memberships" ADD CONSTRAINT "practice_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_memberships" ADD CONSTRAINT "practice_memberships_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_ccg_id_ccgs_id_fk" FOREIGN KEY ("ccg_id") REFERENCES "public"."ccgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_global_roles" ADD CONSTRAINT "user_global_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ccg_id_ccgs_id_fk" FOREIGN KEY ("ccg_id") REFERENCES "public"."ccgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_hash_key" ON "auth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "carer_dependents_pair_key" ON "carer_dependents" USING btree ("carer_user_id","patient_id");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "patients_practice_name_idx" ON "patients" USING btree ("practice_id","last_name","first_name");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_practice_nhs_number_key" ON "patients" USING btree ("practice_id","nhs_number");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_user_practice_key" ON "patients" USING btree ("user_id","practice_id");--> statement-breakpoint
CREATE INDEX "practice_memberships_practice_idx" ON "practice_memberships" USING btree ("practice_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "practices_url_code_key" ON "practices" USING btree (lower("url_code"));--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_account_idx" ON "sign_in_attempts" USING btree ("account_key","attempted_at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_address_idx" ON "sign_in_attempts" USING btree ("address_key","attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));