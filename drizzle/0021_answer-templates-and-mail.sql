CREATE TABLE "answer_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"answer_id" uuid NOT NULL,
	"status" "newsletter_delivery_status" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answer_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_id" uuid NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_templates_title_len" CHECK (char_length("answer_templates"."title") between 1 and 80),
	CONSTRAINT "answer_templates_text_len" CHECK (char_length("answer_templates"."text") between 1 and 5000),
	CONSTRAINT "answer_templates_position" CHECK ("answer_templates"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "map_comments" ADD COLUMN "answer_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reflections" ADD COLUMN "answer_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "answer_notifications" ADD CONSTRAINT "answer_notifications_answer_id_contribution_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."contribution_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_templates" ADD CONSTRAINT "answer_templates_state_id_answer_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."answer_states"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answer_notifications_answer_idx" ON "answer_notifications" USING btree ("answer_id");--> statement-breakpoint
CREATE INDEX "answer_notifications_status_next_idx" ON "answer_notifications" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "answer_templates_state_idx" ON "answer_templates" USING btree ("state_id");--> statement-breakpoint
ALTER TABLE "map_comments" ADD CONSTRAINT "map_comments_answer_consent" CHECK (not "map_comments"."answer_consent" or "map_comments"."email" is not null);--> statement-breakpoint
ALTER TABLE "reflections" ADD CONSTRAINT "reflections_answer_consent" CHECK (not "reflections"."answer_consent" or "reflections"."email" is not null);