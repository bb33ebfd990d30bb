CREATE TYPE "public"."practice_country" AS ENUM('england', 'wales', 'scotland', 'northern_ireland');--> statement-breakpoint
CREATE TABLE "exceptional_closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"alternative" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_user_id" integer,
	CONSTRAINT "exceptional_closures_period" CHECK ("exceptional_closures"."starts_at" < "exceptional_closures"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "notice_dismissals" (
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_dismissals_notice_id_user_id_pk" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "practice_agents" (
	"practice_id" integer PRIMARY KEY NOT NULL,
	"gateway_host" text NOT NULL,
	"agent_key_hash" text NOT NULL,
	"websocket_connected" boolean DEFAULT false NOT NULL,
	"systmone_connected" boolean DEFAULT false NOT NULL,
	"status_updated_at" timestamp with time zone,
	"configured_by_user_id" integer,
	"configured_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_consents" (
	"practice_id" integer NOT NULL,
	"feature" text NOT NULL,
	"terms_version" text NOT NULL,
	"agreed_by_user_id" integer,
	"agreed_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by_user_id" integer,
	CONSTRAINT "practice_consents_practice_id_feature_pk" PRIMARY KEY("practice_id","feature")
);
--> statement-breakpoint
CREATE TABLE "practice_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"practice_name" text NOT NULL,
	"ods_code" text,
	"registration_code" text NOT NULL,
	"ccg_id" integer,
	"invited_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"practice_id" integer,
	"completed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_notification_settings" (
	"user_id" integer NOT NULL,
	"inbox_name" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_notification_settings_user_id_inbox_name_pk" PRIMARY KEY("user_id","inbox_name")
);
--> statement-breakpoint
ALTER TABLE "global_settings" ADD COLUMN "video_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "global_settings" ADD COLUMN "maintenance_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "global_settings" ADD COLUMN "maintenance_message" text;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "welsh_title" text;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "welsh_body" text;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "country" "practice_country" DEFAULT 'england' NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "core_hours_compliance" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "demand_message" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "setup_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exceptional_closures" ADD CONSTRAINT "exceptional_closures_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exceptional_closures" ADD CONSTRAINT "exceptional_closures_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exceptional_closures" ADD CONSTRAINT "exceptional_closures_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_dismissals" ADD CONSTRAINT "notice_dismissals_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_dismissals" ADD CONSTRAINT "notice_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_agents" ADD CONSTRAINT "practice_agents_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_agents" ADD CONSTRAINT "practice_agents_configured_by_user_id_users_id_fk" FOREIGN KEY ("configured_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_consents" ADD CONSTRAINT "practice_consents_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_consents" ADD CONSTRAINT "practice_consents_agreed_by_user_id_users_id_fk" FOREIGN KEY ("agreed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_consents" ADD CONSTRAINT "practice_consents_withdrawn_by_user_id_users_id_fk" FOREIGN KEY ("withdrawn_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_invitations" ADD CONSTRAINT "practice_invitations_ccg_id_ccgs_id_fk" FOREIGN KEY ("ccg_id") REFERENCES "public"."ccgs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_invitations" ADD CONSTRAINT "practice_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_invitations" ADD CONSTRAINT "practice_invitations_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notification_settings" ADD CONSTRAINT "staff_notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exceptional_closures_practice_idx" ON "exceptional_closures" USING btree ("practice_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_invitations_code_key" ON "practice_invitations" USING btree ("registration_code");--> statement-breakpoint
CREATE INDEX "practice_invitations_email_idx" ON "practice_invitations" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_period" CHECK ("notices"."ends_at" is null or "notices"."starts_at" is null or "notices"."starts_at" < "notices"."ends_at");