CREATE TABLE "report_hourly" (
	"practice_id" integer NOT NULL,
	"measure" text NOT NULL,
	"london_date" date NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"london_hour" integer NOT NULL,
	"london_weekday" integer NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "report_hourly_practice_id_measure_london_date_hour_start_key_pk" PRIMARY KEY("practice_id","measure","london_date","hour_start","key")
);
--> statement-breakpoint
CREATE TABLE "report_rollup_state" (
	"name" text PRIMARY KEY NOT NULL,
	"refreshed_until" timestamp with time zone NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_hourly" ADD CONSTRAINT "report_hourly_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_hourly_hour_idx" ON "report_hourly" USING btree ("hour_start");