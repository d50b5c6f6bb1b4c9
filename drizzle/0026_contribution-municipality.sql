ALTER TABLE "reflections" ADD COLUMN "municipality" text;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "municipality" text;