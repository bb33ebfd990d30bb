CREATE TABLE "practice_former_url_codes" (
	"practice_id" integer NOT NULL,
	"url_code" text NOT NULL,
	"replaced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "practice_former_url_codes_format" CHECK ("practice_former_url_codes"."url_code" ~ '^[A-Za-z0-9]+$')
);
--> statement-breakpoint
ALTER TABLE "practice_former_url_codes" ADD CONSTRAINT "practice_former_url_codes_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_former_url_codes_url_code_key" ON "practice_former_url_codes" USING btree (lower("url_code"));--> statement-breakpoint
CREATE INDEX "practice_former_url_codes_practice_idx" ON "practice_former_url_codes" USING btree ("practice_id");
