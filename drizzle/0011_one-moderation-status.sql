-- One moderation model for every contribution (decision 051): testimonials take the statuses of
-- reflections and map comments. The spec's approved is published, rejected is hidden.
ALTER TABLE "testimonials" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "testimonials" ALTER COLUMN "status" SET DATA TYPE "public"."moderation_status" USING (
  CASE "status"::text WHEN 'approved' THEN 'published' WHEN 'rejected' THEN 'hidden' ELSE 'pending' END
)::"public"."moderation_status";--> statement-breakpoint
ALTER TABLE "testimonials" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
DROP TYPE "public"."testimonial_status";
