ALTER TABLE "contribution_reports" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "map_comments" ADD COLUMN "held_by_reports_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD COLUMN "sent_by_id" uuid;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD COLUMN "sent_by_email" text;--> statement-breakpoint
ALTER TABLE "reflections" ADD COLUMN "held_by_reports_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "held_by_reports_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "contribution_reports_reporter_created_idx" ON "contribution_reports" USING btree ("reporter_key","created_at");