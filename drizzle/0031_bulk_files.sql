CREATE TABLE "bulk_message_file_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" uuid NOT NULL,
	"patient_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_message_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bulk_message_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sensitive" boolean DEFAULT false NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_message_files_file_key_unique" UNIQUE("file_key"),
	CONSTRAINT "bulk_message_files_content_type" CHECK ("bulk_message_files"."content_type" in ('image/jpeg', 'image/png', 'application/pdf'))
);
--> statement-breakpoint
ALTER TABLE "bulk_message_file_links" ADD CONSTRAINT "bulk_message_file_links_file_id_bulk_message_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."bulk_message_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_message_file_links" ADD CONSTRAINT "bulk_message_file_links_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_message_files" ADD CONSTRAINT "bulk_message_files_bulk_message_id_bulk_messages_id_fk" FOREIGN KEY ("bulk_message_id") REFERENCES "public"."bulk_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_message_files" ADD CONSTRAINT "bulk_message_files_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_message_file_links_token_key" ON "bulk_message_file_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_message_file_links_file_patient_key" ON "bulk_message_file_links" USING btree ("file_id","patient_id");--> statement-breakpoint
CREATE INDEX "bulk_message_files_message_idx" ON "bulk_message_files" USING btree ("bulk_message_id");