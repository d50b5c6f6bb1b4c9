CREATE TABLE "rights_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"email" text,
	"email_hash" text NOT NULL,
	"message" text,
	"status" text DEFAULT 'unconfirmed' NOT NULL,
	"locale" text DEFAULT 'ca' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmation_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"due_on" date,
	"done_at" timestamp with time zone,
	"done_by_email" text,
	CONSTRAINT "rights_requests_locale_known" CHECK ("rights_requests"."locale" in ('ca', 'es', 'en')),
	CONSTRAINT "rights_requests_kind" CHECK ("rights_requests"."kind" in ('access', 'erasure')),
	CONSTRAINT "rights_requests_status" CHECK ("rights_requests"."status" in ('unconfirmed', 'pending', 'done')),
	CONSTRAINT "rights_requests_message_len" CHECK ("rights_requests"."message" is null or char_length("rights_requests"."message") <= 2000),
	CONSTRAINT "rights_requests_confirmed" CHECK (("rights_requests"."status" = 'unconfirmed') = ("rights_requests"."confirmed_at" is null) and ("rights_requests"."confirmed_at" is null) = ("rights_requests"."due_on" is null))
);
--> statement-breakpoint
CREATE INDEX "rights_requests_status_created_idx" ON "rights_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "rights_requests_email_hash_idx" ON "rights_requests" USING btree ("email_hash");