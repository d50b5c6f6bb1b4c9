ALTER TYPE "public"."contribution_type" ADD VALUE 'questionnaire';--> statement-breakpoint
CREATE TABLE "questionnaire_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"text" text NOT NULL,
	"municipality" text,
	"answered_at" timestamp with time zone,
	"external_id" text,
	"dedupe_key" text NOT NULL,
	"source_name" text NOT NULL,
	"imported_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaire_responses_not_blank" CHECK (btrim("questionnaire_responses"."text") <> '')
);
--> statement-breakpoint
CREATE TABLE "questionnaire_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"headers" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"uploaded_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_responses_dedupe_idx" ON "questionnaire_responses" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "questionnaire_responses_created_idx" ON "questionnaire_responses" USING btree ("created_at");