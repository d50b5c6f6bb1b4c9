-- Until now rate-limiter-flexible created these at run time (expire as bigint): the counters are
-- disposable, so any such table is replaced by the one the schema declares.
DROP TABLE IF EXISTS "login_rate_limits";
--> statement-breakpoint
DROP TABLE IF EXISTS "rate_limits";
--> statement-breakpoint
CREATE TABLE "login_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
