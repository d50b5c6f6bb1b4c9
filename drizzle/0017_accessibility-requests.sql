CREATE TABLE "accessibility_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"email" text NOT NULL,
	"about" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_on" date NOT NULL,
	"ack_sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"answered_by_email" text,
	"locale" text DEFAULT 'ca' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accessibility_requests_locale_known" CHECK ("accessibility_requests"."locale" in ('ca', 'es', 'en')),
	CONSTRAINT "accessibility_requests_kind" CHECK ("accessibility_requests"."kind" in ('communication', 'information')),
	CONSTRAINT "accessibility_requests_status" CHECK ("accessibility_requests"."status" in ('pending', 'answered')),
	CONSTRAINT "accessibility_requests_answered" CHECK (("accessibility_requests"."status" = 'answered') = ("accessibility_requests"."answered_at" is not null)),
	CONSTRAINT "accessibility_requests_lengths" CHECK (char_length("accessibility_requests"."message") between 1 and 5000 and char_length("accessibility_requests"."about") between 1 and 300 and ("accessibility_requests"."name" is null or char_length("accessibility_requests"."name") <= 100))
);
--> statement-breakpoint
CREATE INDEX "accessibility_requests_created_id_idx" ON "accessibility_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "accessibility_requests_status_due_idx" ON "accessibility_requests" USING btree ("status","due_on");