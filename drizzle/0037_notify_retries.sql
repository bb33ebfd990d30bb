CREATE TABLE "notify_retries" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"template" text NOT NULL,
	"sealed" text NOT NULL,
	"reference" text NOT NULL,
	"attempts" integer NOT NULL,
	"unanswered" boolean NOT NULL,
	"failure" text NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notify_retries_due_idx" ON "notify_retries" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notify_retries_reference_key" ON "notify_retries" USING btree ("reference");