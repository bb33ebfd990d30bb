CREATE TABLE "group_chat_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_chat_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_chat_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_chat_id" integer NOT NULL,
	"user_id" integer,
	"patient_id" integer,
	CONSTRAINT "group_chat_members_one_kind" CHECK (("group_chat_members"."user_id" is null) <> ("group_chat_members"."patient_id" is null))
);
--> statement-breakpoint
CREATE TABLE "group_chat_signals" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_chat_id" integer NOT NULL,
	"from_member_id" integer NOT NULL,
	"to_member_id" integer,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_chats" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"title" text NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"created_by_user_id" integer,
	"call_started_at" timestamp with time zone,
	"duration_seconds" integer,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_chat_events" ADD CONSTRAINT "group_chat_events_group_chat_id_group_chats_id_fk" FOREIGN KEY ("group_chat_id") REFERENCES "public"."group_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_chat_events" ADD CONSTRAINT "group_chat_events_member_id_group_chat_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."group_chat_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_chat_members" ADD CONSTRAINT "group_chat_members_group_chat_id_group_chats_id_fk" FOREIGN KEY ("group_chat_id") REFERENCES "public"."group_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_chat_members" ADD CONSTRAINT "group_chat_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_chat_members" ADD CONSTRAINT "group_chat_members_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_chat_signals" ADD CONSTRAINT "group_chat_signals_group_chat_id_group_chats_id_fk" FOREIGN KEY ("group_chat_id") REFERENCES "public"."group_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_chats" ADD CONSTRAINT "group_chats_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_chats" ADD CONSTRAINT "group_chats_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_chat_events_chat_idx" ON "group_chat_events" USING btree ("group_chat_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_chat_members_user_key" ON "group_chat_members" USING btree ("group_chat_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_chat_members_patient_key" ON "group_chat_members" USING btree ("group_chat_id","patient_id");--> statement-breakpoint
CREATE INDEX "group_chat_signals_chat_idx" ON "group_chat_signals" USING btree ("group_chat_id","id");--> statement-breakpoint
CREATE INDEX "group_chat_signals_created_idx" ON "group_chat_signals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "group_chats_practice_time_idx" ON "group_chats" USING btree ("practice_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "video_signals_created_idx" ON "video_signals" USING btree ("created_at");