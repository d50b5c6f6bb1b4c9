ALTER TABLE "answer_notifications" ADD COLUMN "sent_text_hash" text;--> statement-breakpoint
ALTER TABLE "answer_notifications" ADD COLUMN "round" integer DEFAULT 1 NOT NULL;