CREATE TABLE "ai_test_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"patient_entry_id" integer NOT NULL,
	"reviewer_user_id" integer NOT NULL,
	"suggested_urgency_id" integer NOT NULL,
	"suggested_role" text NOT NULL,
	"suggestion_reason" text NOT NULL,
	"agreed" boolean,
	"corrected_urgency_id" integer,
	"corrected_role" text,
	"assigned_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "docman_accounts" (
	"user_id" integer NOT NULL,
	"practice_id" integer NOT NULL,
	"role" text NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "docman_accounts_user_id_practice_id_role_pk" PRIMARY KEY("user_id","practice_id","role")
);
--> statement-breakpoint
CREATE TABLE "docman_setup_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"practice_ids" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"practice_id" integer NOT NULL,
	"api_key_hash" text NOT NULL,
	"signing_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_used_tokens" (
	"credential_id" integer NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_used_tokens_credential_id_jti_pk" PRIMARY KEY("credential_id","jti")
);
--> statement-breakpoint
CREATE TABLE "toolbar_tab_settings" (
	"user_id" integer NOT NULL,
	"practice_id" integer NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "toolbar_tab_settings_user_id_practice_id_pk" PRIMARY KEY("user_id","practice_id")
);
--> statement-breakpoint
ALTER TABLE "ai_test_assignments" ADD CONSTRAINT "ai_test_assignments_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_test_assignments" ADD CONSTRAINT "ai_test_assignments_patient_entry_id_patient_entries_id_fk" FOREIGN KEY ("patient_entry_id") REFERENCES "public"."patient_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_test_assignments" ADD CONSTRAINT "ai_test_assignments_reviewer_user_id_users_id_fk" FOREIGN KEY ("reviewer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docman_accounts" ADD CONSTRAINT "docman_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docman_accounts" ADD CONSTRAINT "docman_accounts_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_credentials" ADD CONSTRAINT "sso_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_credentials" ADD CONSTRAINT "sso_credentials_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_used_tokens" ADD CONSTRAINT "sso_used_tokens_credential_id_sso_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."sso_credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toolbar_tab_settings" ADD CONSTRAINT "toolbar_tab_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toolbar_tab_settings" ADD CONSTRAINT "toolbar_tab_settings_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_test_assignments_reviewer_entry_key" ON "ai_test_assignments" USING btree ("reviewer_user_id","patient_entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_credentials_api_key_key" ON "sso_credentials" USING btree ("api_key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_credentials_user_practice_key" ON "sso_credentials" USING btree ("user_id","practice_id");--> statement-breakpoint
CREATE INDEX "sso_used_tokens_expires_idx" ON "sso_used_tokens" USING btree ("expires_at");