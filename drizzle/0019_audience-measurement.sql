CREATE TABLE "daily_visitors" (
	"day" date PRIMARY KEY NOT NULL,
	"visitors" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"day" date NOT NULL,
	"page" text NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"device" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "page_views_day_page_referrer_device_pk" PRIMARY KEY("day","page","referrer","device"),
	CONSTRAINT "page_views_views" CHECK ("page_views"."views" > 0),
	CONSTRAINT "page_views_device" CHECK ("page_views"."device" in ('mobile', 'tablet', 'desktop'))
);
--> statement-breakpoint
CREATE TABLE "visitor_hashes" (
	"day" date NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "visitor_hashes_day_hash_pk" PRIMARY KEY("day","hash")
);
--> statement-breakpoint
CREATE TABLE "visitor_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
