CREATE TABLE "nhs_login_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"sub" text NOT NULL,
	"user_id" integer NOT NULL,
	"level" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_signed_in_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nhs_login_pending" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"claims" jsonb NOT NULL,
	"id_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "nhs_login_level" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "nhs_login_id_token" text;--> statement-breakpoint
ALTER TABLE "nhs_login_identities" ADD CONSTRAINT "nhs_login_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nhs_login_identities_sub_key" ON "nhs_login_identities" USING btree ("sub");--> statement-breakpoint
CREATE UNIQUE INDEX "nhs_login_identities_user_key" ON "nhs_login_identities" USING btree ("user_id");