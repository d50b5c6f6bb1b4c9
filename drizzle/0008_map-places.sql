CREATE TYPE "public"."line_style" AS ENUM('solid', 'dashed', 'dotted');--> statement-breakpoint
CREATE TYPE "public"."map_category" AS ENUM('punt_perillos', 'connexio', 'aparcament', 'senyalitzacio', 'altres');--> statement-breakpoint
CREATE TABLE "map_layers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"line_style" "line_style" DEFAULT 'solid' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"file_key" text NOT NULL,
	"feature_count" integer NOT NULL,
	"segments" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "map_layers_colour" CHECK ("map_layers"."colour" ~ '^#[0-9a-f]{6}$'),
	CONSTRAINT "map_layers_position" CHECK ("map_layers"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "map_comments" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "map_comments" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "map_comments" ADD COLUMN "segment_ref" text;--> statement-breakpoint
ALTER TABLE "map_comments" ADD COLUMN "segment_name" text;--> statement-breakpoint
ALTER TABLE "map_comments" ADD COLUMN "category" "map_category";--> statement-breakpoint
ALTER TABLE "map_comments" ADD COLUMN "municipality" text;--> statement-breakpoint
ALTER TABLE "map_comments" ADD CONSTRAINT "map_comments_place" CHECK (("map_comments"."lat" is null) = ("map_comments"."lng" is null));