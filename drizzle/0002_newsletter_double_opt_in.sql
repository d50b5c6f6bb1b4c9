CREATE TYPE "public"."newsletter_source" AS ENUM('newsletter_form', 'reflection');--> statement-breakpoint
CREATE TYPE "public"."newsletter_status" AS ENUM('pending', 'confirmed');--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "status" "newsletter_status" DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "source" "newsletter_source" DEFAULT 'newsletter_form' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "newsletter_status_created_idx" ON "newsletter_subscriptions" USING btree ("status","created_at");