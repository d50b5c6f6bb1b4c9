ALTER TABLE "resources" ADD COLUMN "captions_key" text;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "audio_description" text DEFAULT '' NOT NULL;