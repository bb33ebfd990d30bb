CREATE TYPE "public"."leave_kind" AS ENUM('leave', 'out_of_office');--> statement-breakpoint
CREATE TYPE "public"."video_status" AS ENUM('scheduled', 'missed', 'cancelled', 'complete');--> statement-breakpoint
CREATE TABLE "staff_availability" (
	"practice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" "weekday" NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	CONSTRAINT "staff_availability_practice_id_user_id_day_pk" PRIMARY KEY("practice_id","user_id","day"),
	CONSTRAINT "staff_availability_times" CHECK ("staff_availability"."start_time" < "staff_availability"."end_time")
);
--> statement-breakpoint
CREATE TABLE "staff_leave" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "leave_kind" NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"cover_user_id" integer,
	"note" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_leave_dates" CHECK ("staff_leave"."start_date" <= "staff_leave"."end_date")
);
--> statement-breakpoint
CREATE TABLE "video_consultations" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"patient_entry_id" integer,
	"assigned_to_id" integer NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"status" "video_status" DEFAULT 'scheduled' NOT NULL,
	"send_sms" boolean DEFAULT false NOT NULL,
	"override_mobile" text,
	"notes_for_patient" text,
	"notes_for_medical_record" text,
	"patient_token_hash" text NOT NULL,
	"created_by_user_id" integer,
	"clinician_joined_at" timestamp with time zone,
	"patient_joined_at" timestamp with time zone,
	"call_started_at" timestamp with time zone,
	"call_ended_at" timestamp with time zone,
	"duration_seconds" integer,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_participant_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"consultation_id" integer NOT NULL,
	"side" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_signals" (
	"id" serial PRIMARY KEY NOT NULL,
	"consultation_id" integer NOT NULL,
	"from_side" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_availability" ADD CONSTRAINT "staff_availability_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_availability" ADD CONSTRAINT "staff_availability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_leave" ADD CONSTRAINT "staff_leave_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_leave" ADD CONSTRAINT "staff_leave_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_leave" ADD CONSTRAINT "staff_leave_cover_user_id_users_id_fk" FOREIGN KEY ("cover_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_leave" ADD CONSTRAINT "staff_leave_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_consultations" ADD CONSTRAINT "video_consultations_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_consultations" ADD CONSTRAINT "video_consultations_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_consultations" ADD CONSTRAINT "video_consultations_patient_entry_id_patient_entries_id_fk" FOREIGN KEY ("patient_entry_id") REFERENCES "public"."patient_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_consultations" ADD CONSTRAINT "video_consultations_assigned_to_id_users_id_fk" FOREIGN KEY ("assigned_to_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_consultations" ADD CONSTRAINT "video_consultations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_participant_events" ADD CONSTRAINT "video_participant_events_consultation_id_video_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."video_consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_participant_events" ADD CONSTRAINT "video_participant_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_signals" ADD CONSTRAINT "video_signals_consultation_id_video_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."video_consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_leave_user_idx" ON "staff_leave" USING btree ("practice_id","user_id","start_date");--> statement-breakpoint
CREATE INDEX "video_consultations_practice_time_idx" ON "video_consultations" USING btree ("practice_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "video_consultations_assigned_idx" ON "video_consultations" USING btree ("assigned_to_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "video_consultations_patient_idx" ON "video_consultations" USING btree ("patient_id","scheduled_for");--> statement-breakpoint
CREATE UNIQUE INDEX "video_consultations_token_key" ON "video_consultations" USING btree ("patient_token_hash");--> statement-breakpoint
CREATE INDEX "video_participant_events_consultation_idx" ON "video_participant_events" USING btree ("consultation_id","id");--> statement-breakpoint
CREATE INDEX "video_signals_consultation_idx" ON "video_signals" USING btree ("consultation_id","id");