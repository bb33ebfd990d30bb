CREATE TYPE "public"."proxy_link_reason" AS ENUM('under_16', 'adult_consents');--> statement-breakpoint
CREATE TYPE "public"."proxy_link_status" AS ENUM('pending', 'approved', 'declined', 'removed');--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"route_id" text NOT NULL,
	"status" integer,
	"location" text,
	"flash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "throttle_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_in_attempts" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "sign_in_attempts" CASCADE;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "carer_dependents" ADD COLUMN "status" "proxy_link_status" DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "carer_dependents" ADD COLUMN "reason" "proxy_link_reason";--> statement-breakpoint
ALTER TABLE "carer_dependents" ADD COLUMN "decided_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "carer_dependents" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carer_dependents" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_practice_id" integer;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "throttle_attempts_key_idx" ON "throttle_attempts" USING btree ("key","attempted_at");--> statement-breakpoint
ALTER TABLE "carer_dependents" ADD CONSTRAINT "carer_dependents_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_home_practice_id_practices_id_fk" FOREIGN KEY ("home_practice_id") REFERENCES "public"."practices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carer_dependents_pending_idx" ON "carer_dependents" USING btree ("patient_id") WHERE "carer_dependents"."status" = 'pending';--> statement-breakpoint
-- Carers registered before this migration: the practice they registered at, from the audit trail.
UPDATE "users" SET "home_practice_id" = a."practice_id" FROM (
  SELECT DISTINCT ON ("actor_user_id") "actor_user_id", "practice_id" FROM "audit_events"
  WHERE "action" = 'account.registered_carer' AND "practice_id" IS NOT NULL
  ORDER BY "actor_user_id", "created_at"
) a WHERE a."actor_user_id" = "users"."id";
