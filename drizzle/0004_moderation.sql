CREATE TYPE "public"."contribution_type" AS ENUM('reflection', 'map_comment', 'testimonial');--> statement-breakpoint
CREATE TYPE "public"."moderation_status" AS ENUM('published', 'pending', 'hidden');--> statement-breakpoint
CREATE TYPE "public"."report_reason" AS ENUM('spam', 'offensive', 'personal_data', 'other');--> statement-breakpoint
CREATE TABLE "contribution_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contribution_type" "contribution_type" NOT NULL,
	"contribution_id" uuid NOT NULL,
	"reason" "report_reason" NOT NULL,
	"detail" text,
	"reporter_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contribution_reports_detail_len" CHECK ("contribution_reports"."detail" is null or char_length("contribution_reports"."detail") <= 500)
);
--> statement-breakpoint
ALTER TABLE "map_comments" ADD COLUMN "status" "moderation_status" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "map_comments" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "map_comments" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reflections" ADD COLUMN "status" "moderation_status" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "reflections" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "reflections" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "contribution_reports_once_idx" ON "contribution_reports" USING btree ("contribution_type","contribution_id","reporter_key");--> statement-breakpoint
CREATE INDEX "map_comments_status_created_idx" ON "map_comments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reflections_status_created_idx" ON "reflections" USING btree ("status","created_at");