ALTER TABLE "map_comments" ADD COLUMN "locale" text DEFAULT 'ca' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "locale" text DEFAULT 'ca' NOT NULL;--> statement-breakpoint
ALTER TABLE "reflections" ADD COLUMN "locale" text DEFAULT 'ca' NOT NULL;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "locale" text DEFAULT 'ca' NOT NULL;--> statement-breakpoint
ALTER TABLE "map_comments" ADD CONSTRAINT "map_comments_locale_known" CHECK ("map_comments"."locale" in ('ca', 'es', 'en'));--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_locale_known" CHECK ("newsletter_subscriptions"."locale" in ('ca', 'es', 'en'));--> statement-breakpoint
ALTER TABLE "reflections" ADD CONSTRAINT "reflections_locale_known" CHECK ("reflections"."locale" in ('ca', 'es', 'en'));--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_locale_known" CHECK ("testimonials"."locale" in ('ca', 'es', 'en'));