-- The admin lists' search (ILIKE '%…%', decision 036) through trigram indexes. pg_trgm ships with
-- PostgreSQL (a trusted extension: the database's owner may create it) and with PGlite (loaded by
-- openDatabase).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "map_comments_comment_trgm_idx" ON "map_comments" USING gin ("comment" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "map_comments_email_trgm_idx" ON "map_comments" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "newsletter_email_trgm_idx" ON "newsletter_subscriptions" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reflections_reflection_trgm_idx" ON "reflections" USING gin ("reflection" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reflections_name_trgm_idx" ON "reflections" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reflections_email_trgm_idx" ON "reflections" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "testimonials_title_trgm_idx" ON "testimonials" USING gin ("title" gin_trgm_ops);