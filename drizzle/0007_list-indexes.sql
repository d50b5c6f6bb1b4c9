CREATE INDEX "map_comments_created_id_idx" ON "map_comments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "newsletter_created_id_idx" ON "newsletter_subscriptions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reflections_created_id_idx" ON "reflections" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "testimonials_submitted_id_idx" ON "testimonials" USING btree ("submitted_at","id");