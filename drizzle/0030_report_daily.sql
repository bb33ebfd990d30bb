CREATE TABLE "report_daily" (
	"practice_id" integer NOT NULL,
	"measure" text NOT NULL,
	"london_date" date NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "report_daily_practice_id_measure_london_date_key_pk" PRIMARY KEY("practice_id","measure","london_date","key")
);
--> statement-breakpoint
CREATE TABLE "report_monthly" (
	"practice_id" integer NOT NULL,
	"measure" text NOT NULL,
	"london_month" date NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "report_monthly_practice_id_measure_london_month_key_pk" PRIMARY KEY("practice_id","measure","london_month","key")
);
--> statement-breakpoint
ALTER TABLE "report_daily" ADD CONSTRAINT "report_daily_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_monthly" ADD CONSTRAINT "report_monthly_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_entries_closed_idx" ON "patient_entries" USING btree ("closed_at") WHERE "patient_entries"."closed_at" is not null;--> statement-breakpoint
CREATE INDEX "entry_messages_staff_created_idx" ON "entry_messages" USING btree ("created_at") WHERE "entry_messages"."author_role" = 'staff';--> statement-breakpoint
-- The day and month tables are sums of report_hourly kept in step by each refresh, and the
-- response minutes are now kept coarser above 8 hours (decision 0119): count every hour again.
DELETE FROM "report_hourly";--> statement-breakpoint
DELETE FROM "report_rollup_state";
