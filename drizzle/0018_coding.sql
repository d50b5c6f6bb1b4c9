CREATE TABLE "code_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "code_groups_position" CHECK ("code_groups"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "codes_colour" CHECK ("codes"."colour" ~ '^#[0-9a-f]{6}$'),
	CONSTRAINT "codes_position" CHECK ("codes"."position" >= 0),
	CONSTRAINT "codes_description_len" CHECK ("codes"."description" is null or char_length("codes"."description") <= 500)
);
--> statement-breakpoint
CREATE TABLE "contribution_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contribution_type" "contribution_type" NOT NULL,
	"contribution_id" uuid NOT NULL,
	"code_id" uuid NOT NULL,
	"coded_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rejected_code_suggestions" (
	"contribution_type" "contribution_type" NOT NULL,
	"contribution_id" uuid NOT NULL,
	"code_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "codes" ADD CONSTRAINT "codes_group_id_code_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."code_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_codes" ADD CONSTRAINT "contribution_codes_code_id_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rejected_code_suggestions" ADD CONSTRAINT "rejected_code_suggestions_code_id_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "code_groups_name_lower_idx" ON "code_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "codes_name_lower_idx" ON "codes" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "codes_group_idx" ON "codes" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contribution_codes_once_idx" ON "contribution_codes" USING btree ("contribution_type","contribution_id","code_id");--> statement-breakpoint
CREATE INDEX "contribution_codes_code_idx" ON "contribution_codes" USING btree ("code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rejected_code_suggestions_once_idx" ON "rejected_code_suggestions" USING btree ("contribution_type","contribution_id","code_id");--> statement-breakpoint
-- The default codebook (issue 32); white text on each colour passes WCAG AA (4.5:1).
INSERT INTO "code_groups" ("name", "position") VALUES ('Problema', 1), ('Qui', 2);
--> statement-breakpoint
INSERT INTO "codes" ("group_id", "name", "colour", "position", "keywords")
SELECT g.id, c.name, c.colour, c.position, c.keywords
FROM (VALUES
  ('Problema', 'Seguretat', '#b71c1c', 1, E'perill\nperillós\naccident\ncruïlla\nvelocitat'),
  ('Problema', 'Connectivitat', '#0d47a1', 2, E'connexió\ntram\ncarril bici\nenllaç'),
  ('Problema', 'Aparcament', '#1b5e20', 3, E'aparcament\naparcabicis\nrobatori'),
  ('Problema', 'Senyalització', '#bf360c', 4, E'senyal\nsenyalització\nindicació'),
  ('Problema', 'Manteniment', '#4e342e', 5, E'sot\nbrut\nmanteniment\nvidres'),
  ('Qui', 'Infants i escola', '#4a148c', 1, E'escola\ninfant\nnen\ninstitut'),
  ('Qui', 'Gent gran', '#006064', 2, E'gent gran\navi'),
  ('Qui', 'Treball', '#263238', 3, E'treball\nfeina\npolígon'),
  ('Qui', 'Lleure', '#880e4f', 4, E'lleure\npasseig\ncap de setmana')
) AS c(grp, name, colour, position, keywords)
JOIN "code_groups" g ON g.name = c.grp;
