CREATE TABLE "fft_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"patient_id" integer,
	"token_hash" text NOT NULL,
	"appointment_ref" text,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fft_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"invitation_id" integer,
	"answer" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"user_id" integer,
	"feedback_for" text NOT NULL,
	"rating" integer NOT NULL,
	"comment" text,
	"may_contact" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patient_entries" ADD COLUMN "submitted_via" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "anonymise_feedback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fft_invitations" ADD CONSTRAINT "fft_invitations_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fft_invitations" ADD CONSTRAINT "fft_invitations_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fft_responses" ADD CONSTRAINT "fft_responses_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fft_responses" ADD CONSTRAINT "fft_responses_invitation_id_fft_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."fft_invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_feedback" ADD CONSTRAINT "patient_feedback_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_feedback" ADD CONSTRAINT "patient_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fft_invitations_token_key" ON "fft_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "fft_responses_invitation_key" ON "fft_responses" USING btree ("invitation_id");--> statement-breakpoint
CREATE INDEX "fft_responses_practice_idx" ON "fft_responses" USING btree ("practice_id","created_at");--> statement-breakpoint
CREATE INDEX "patient_feedback_practice_idx" ON "patient_feedback" USING btree ("practice_id","created_at");