CREATE TABLE "appointment_reminder_opt_outs" (
	"patient_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"slot_id" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"cancel_token_hash" text NOT NULL,
	"unsubscribe_token_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "booking_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"bulk_message_id" integer,
	"patient_id" integer NOT NULL,
	"slot_type" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"booked_slot_id" integer,
	"booked_at" timestamp with time zone,
	"cannot_book_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_message_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"bulk_message_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"attempted_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failure" text
);
--> statement-breakpoint
CREATE TABLE "bulk_message_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"bulk_message_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"template_id" integer,
	"booking_slot_type" text,
	"channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"filters" jsonb,
	"scheduled_for" timestamp with time zone,
	"link_origin" text,
	"queued_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "appointment_reminder_opt_outs" ADD CONSTRAINT "appointment_reminder_opt_outs_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_invitations" ADD CONSTRAINT "booking_invitations_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_invitations" ADD CONSTRAINT "booking_invitations_bulk_message_id_bulk_messages_id_fk" FOREIGN KEY ("bulk_message_id") REFERENCES "public"."bulk_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_invitations" ADD CONSTRAINT "booking_invitations_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_message_recipients" ADD CONSTRAINT "bulk_message_recipients_bulk_message_id_bulk_messages_id_fk" FOREIGN KEY ("bulk_message_id") REFERENCES "public"."bulk_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_message_recipients" ADD CONSTRAINT "bulk_message_recipients_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_message_replies" ADD CONSTRAINT "bulk_message_replies_bulk_message_id_bulk_messages_id_fk" FOREIGN KEY ("bulk_message_id") REFERENCES "public"."bulk_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_message_replies" ADD CONSTRAINT "bulk_message_replies_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_messages" ADD CONSTRAINT "bulk_messages_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_messages" ADD CONSTRAINT "bulk_messages_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_reminders_slot_patient_key" ON "appointment_reminders" USING btree ("slot_id","patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_reminders_cancel_key" ON "appointment_reminders" USING btree ("cancel_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_reminders_unsubscribe_key" ON "appointment_reminders" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_invitations_token_key" ON "booking_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_invitations_message_patient_key" ON "booking_invitations" USING btree ("bulk_message_id","patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_message_recipients_key" ON "bulk_message_recipients" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_message_recipients_one_key" ON "bulk_message_recipients" USING btree ("bulk_message_id","patient_id","channel");--> statement-breakpoint
CREATE INDEX "bulk_message_recipients_due_idx" ON "bulk_message_recipients" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "bulk_message_recipients_attempted_idx" ON "bulk_message_recipients" USING btree ("attempted_at");--> statement-breakpoint
CREATE INDEX "bulk_message_recipients_patient_idx" ON "bulk_message_recipients" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "bulk_message_replies_message_idx" ON "bulk_message_replies" USING btree ("bulk_message_id","id");--> statement-breakpoint
CREATE INDEX "bulk_messages_practice_idx" ON "bulk_messages" USING btree ("practice_id","id");--> statement-breakpoint
CREATE INDEX "bulk_messages_state_idx" ON "bulk_messages" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_reference_key" ON "outbox" USING btree ("reference");