ALTER TABLE "staff_availability" ADD COLUMN "session" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_availability" DROP CONSTRAINT "staff_availability_practice_id_user_id_day_pk";--> statement-breakpoint
ALTER TABLE "staff_availability" ADD CONSTRAINT "staff_availability_practice_id_user_id_day_session_pk" PRIMARY KEY("practice_id","user_id","day","session");--> statement-breakpoint
ALTER TABLE "staff_leave" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_leave" ADD COLUMN "cancelled_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "staff_leave" ADD CONSTRAINT "staff_leave_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_availability" ADD CONSTRAINT "staff_availability_session" CHECK ("staff_availability"."session" in (1, 2));