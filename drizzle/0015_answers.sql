CREATE TABLE "answer_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"colour" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_states_colour" CHECK ("answer_states"."colour" ~ '^#[0-9a-f]{6}$'),
	CONSTRAINT "answer_states_position" CHECK ("answer_states"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contribution_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contribution_type" "contribution_type" NOT NULL,
	"contribution_id" uuid NOT NULL,
	"state_id" uuid NOT NULL,
	"text" text NOT NULL,
	"answered_by_id" uuid,
	"answered_by_email" text,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_state_id" uuid,
	"published_text" text,
	"published_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contribution_answers_text_len" CHECK (char_length("contribution_answers"."text") between 1 and 5000),
	CONSTRAINT "contribution_answers_published" CHECK (("contribution_answers"."published_at" is null) = ("contribution_answers"."published_text" is null) and ("contribution_answers"."published_at" is null) = ("contribution_answers"."published_state_id" is null))
);
--> statement-breakpoint
ALTER TABLE "contribution_answers" ADD CONSTRAINT "contribution_answers_state_id_answer_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."answer_states"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_answers" ADD CONSTRAINT "contribution_answers_published_state_id_answer_states_id_fk" FOREIGN KEY ("published_state_id") REFERENCES "public"."answer_states"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answer_states_label_lower_idx" ON "answer_states" USING btree (lower("label"));--> statement-breakpoint
CREATE UNIQUE INDEX "contribution_answers_contribution_idx" ON "contribution_answers" USING btree ("contribution_type","contribution_id");--> statement-breakpoint
CREATE INDEX "contribution_answers_published_idx" ON "contribution_answers" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "contribution_answers_state_idx" ON "contribution_answers" USING btree ("state_id");--> statement-breakpoint
-- The five default states (issue 31); white text on each colour passes WCAG AA (4.5:1).
INSERT INTO "answer_states" ("label", "colour", "position") VALUES
  ('Acceptada', '#1b5e20', 1),
  ('Acceptada parcialment', '#33691e', 2),
  ('No acceptada', '#b71c1c', 3),
  ('Ja prevista al pla', '#0d47a1', 4),
  ('En estudi', '#6a1b9a', 5);
