CREATE TABLE "gp_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"account_id" text NOT NULL,
	"linkage_key" text NOT NULL,
	"unit_id" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gp_faults" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"operation" text NOT NULL,
	"kind" text NOT NULL,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "gp_links" (
	"patient_id" integer PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"status" text DEFAULT 'linked' NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	"reset_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gp_medication_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"name" text NOT NULL,
	"dosage" text
);
--> statement-breakpoint
CREATE TABLE "gp_medication_selections" (
	"patient_id" integer NOT NULL,
	"course_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gp_medication_selections_patient_id_course_id_pk" PRIMARY KEY("patient_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "gp_prescription_request_courses" (
	"request_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"position" integer NOT NULL,
	"status" text DEFAULT 'Requested' NOT NULL,
	CONSTRAINT "gp_prescription_request_courses_request_id_course_id_pk" PRIMARY KEY("request_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "gp_prescription_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"date_requested" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gp_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"name" text NOT NULL,
	"staff_name" text NOT NULL,
	"job_role" text,
	"location_name" text,
	"street_number" text,
	"village" text,
	"town" text,
	"postcode" text
);
--> statement-breakpoint
CREATE TABLE "gp_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"practice_id" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"slot_type" text NOT NULL,
	"slot_name" text,
	"booked_by_patient_id" integer,
	"booked_at" timestamp with time zone,
	"booking_method" text,
	"booking_reason" text,
	CONSTRAINT "gp_slots_times" CHECK ("gp_slots"."start_time" < "gp_slots"."end_time")
);
--> statement-breakpoint
ALTER TABLE "gp_accounts" ADD CONSTRAINT "gp_accounts_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gp_faults" ADD CONSTRAINT "gp_faults_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gp_links" ADD CONSTRAINT "gp_links_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gp_medication_courses" ADD CONSTRAINT "gp_medication_courses_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gp_medication_selections" ADD CONSTRAINT "gp_medication_selections_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gp_prescription_request_courses" ADD CONSTRAINT "gp_prescription_request_courses_request_id_gp_prescription_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."gp_prescription_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gp_prescription_request_courses" ADD CONSTRAINT "gp_prescription_request_courses_course_id_gp_medication_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."gp_medication_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gp_prescription_requests" ADD CONSTRAINT "gp_prescription_requests_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gp_sessions" ADD CONSTRAINT "gp_sessions_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gp_slots" ADD CONSTRAINT "gp_slots_session_id_gp_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."gp_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gp_slots" ADD CONSTRAINT "gp_slots_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gp_slots" ADD CONSTRAINT "gp_slots_booked_by_patient_id_patients_id_fk" FOREIGN KEY ("booked_by_patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gp_accounts_key" ON "gp_accounts" USING btree ("account_id","linkage_key","unit_id");--> statement-breakpoint
CREATE INDEX "gp_accounts_patient_idx" ON "gp_accounts" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "gp_faults_practice_idx" ON "gp_faults" USING btree ("practice_id");--> statement-breakpoint
CREATE INDEX "gp_medication_courses_patient_idx" ON "gp_medication_courses" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "gp_prescription_requests_patient_idx" ON "gp_prescription_requests" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "gp_sessions_practice_idx" ON "gp_sessions" USING btree ("practice_id");--> statement-breakpoint
CREATE INDEX "gp_slots_practice_start_idx" ON "gp_slots" USING btree ("practice_id","start_time");--> statement-breakpoint
CREATE INDEX "gp_slots_booked_by_idx" ON "gp_slots" USING btree ("booked_by_patient_id");