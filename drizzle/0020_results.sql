CREATE TABLE "result_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"result_id" uuid NOT NULL,
	"date" date NOT NULL,
	"text" text NOT NULL,
	"image_key" text,
	"width" integer,
	"height" integer,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_entries_text_len" CHECK (char_length("result_entries"."text") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "result_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"colour" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"meaning" text DEFAULT 'open' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_states_colour" CHECK ("result_states"."colour" ~ '^#[0-9a-f]{6}$'),
	CONSTRAINT "result_states_position" CHECK ("result_states"."position" >= 0),
	CONSTRAINT "result_states_meaning" CHECK ("result_states"."meaning" in ('open', 'done', 'dropped'))
);
--> statement-breakpoint
CREATE TABLE "results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"state_id" uuid NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"municipalities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category" "category",
	"budget" bigint,
	"planned_date" date,
	"real_date" date,
	"segment_refs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contribution_refs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "results_progress" CHECK ("results"."progress" between 0 and 100),
	CONSTRAINT "results_budget" CHECK ("results"."budget" is null or "results"."budget" >= 0),
	CONSTRAINT "results_title_len" CHECK (char_length("results"."title") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "result_entries" ADD CONSTRAINT "result_entries_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_state_id_result_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."result_states"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "result_entries_result_date_idx" ON "result_entries" USING btree ("result_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "result_states_label_lower_idx" ON "result_states" USING btree (lower("label"));--> statement-breakpoint
CREATE INDEX "results_state_idx" ON "results" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "results_public_idx" ON "results" USING btree ("is_public");--> statement-breakpoint
-- The five default result states (issue 35); white text on each colour passes WCAG AA (4.5:1).
INSERT INTO "result_states" ("label", "colour", "position", "meaning", "translations") VALUES
  ('Proposada', '#5b4a9e', 1, 'open', '{"es":{"label":"Propuesta"},"en":{"label":"Proposed"}}'),
  ('En projecte', '#0d47a1', 2, 'open', '{"es":{"label":"En proyecto"},"en":{"label":"Being designed"}}'),
  ('En obres', '#a84300', 3, 'open', '{"es":{"label":"En obras"},"en":{"label":"Under construction"}}'),
  ('Feta', '#1b5e20', 4, 'done', '{"es":{"label":"Hecha"},"en":{"label":"Done"}}'),
  ('Descartada', '#555555', 5, 'dropped', '{"es":{"label":"Descartada"},"en":{"label":"Dropped"}}');
