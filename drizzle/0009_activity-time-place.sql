ALTER TABLE "activities" ADD COLUMN "start_time" time(0);--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "place" text;