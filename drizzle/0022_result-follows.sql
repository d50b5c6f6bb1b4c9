CREATE TABLE "result_follows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"result_id" uuid,
	"municipality" text,
	"contribution_type" "contribution_type",
	"contribution_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"locale" text DEFAULT 'ca' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmation_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "result_follows_locale_known" CHECK ("result_follows"."locale" in ('ca', 'es', 'en')),
	CONSTRAINT "result_follows_status" CHECK ("result_follows"."status" in ('pending', 'confirmed', 'left')),
	CONSTRAINT "result_follows_what" CHECK (("result_follows"."result_id" is null) <> ("result_follows"."municipality" is null)),
	CONSTRAINT "result_follows_who" CHECK (("result_follows"."email" is null) <> ("result_follows"."contribution_id" is null))
);
--> statement-breakpoint
CREATE TABLE "result_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"follow_id" uuid NOT NULL,
	"result_id" uuid NOT NULL,
	"entry_id" uuid,
	"state_id" uuid,
	"status" "newsletter_delivery_status" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_notifications_news" CHECK (("result_notifications"."entry_id" is null) <> ("result_notifications"."state_id" is null))
);
--> statement-breakpoint
ALTER TABLE "result_follows" ADD CONSTRAINT "result_follows_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_notifications" ADD CONSTRAINT "result_notifications_follow_id_result_follows_id_fk" FOREIGN KEY ("follow_id") REFERENCES "public"."result_follows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_notifications" ADD CONSTRAINT "result_notifications_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_notifications" ADD CONSTRAINT "result_notifications_entry_id_result_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."result_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_notifications" ADD CONSTRAINT "result_notifications_state_id_result_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."result_states"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "result_follows_email_result_idx" ON "result_follows" USING btree (lower("email"),"result_id") WHERE "result_follows"."email" is not null and "result_follows"."result_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "result_follows_email_municipality_idx" ON "result_follows" USING btree (lower("email"),"municipality") WHERE "result_follows"."email" is not null and "result_follows"."municipality" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "result_follows_author_idx" ON "result_follows" USING btree ("result_id","contribution_type","contribution_id") WHERE "result_follows"."contribution_id" is not null;--> statement-breakpoint
CREATE INDEX "result_follows_municipality_idx" ON "result_follows" USING btree ("municipality");--> statement-breakpoint
CREATE UNIQUE INDEX "result_notifications_entry_idx" ON "result_notifications" USING btree ("follow_id","entry_id") WHERE "result_notifications"."entry_id" is not null;--> statement-breakpoint
CREATE INDEX "result_notifications_status_next_idx" ON "result_notifications" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "result_notifications_follow_idx" ON "result_notifications" USING btree ("follow_id");