ALTER TABLE "map_comments" ADD COLUMN "coded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reflections" ADD COLUMN "coded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "coded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "questionnaire_responses" ADD COLUMN "coded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "map_comments_uncoded_idx" ON "map_comments" USING btree ("created_at","id") WHERE not "map_comments"."coded";--> statement-breakpoint
CREATE INDEX "reflections_uncoded_idx" ON "reflections" USING btree ("created_at","id") WHERE not "reflections"."coded";--> statement-breakpoint
CREATE INDEX "testimonials_uncoded_idx" ON "testimonials" USING btree ("submitted_at","id") WHERE not "testimonials"."coded";--> statement-breakpoint
CREATE INDEX "questionnaire_responses_date_id_idx" ON "questionnaire_responses" USING btree (coalesce("answered_at", "created_at"),"id");--> statement-breakpoint
CREATE INDEX "questionnaire_responses_uncoded_idx" ON "questionnaire_responses" USING btree (coalesce("answered_at", "created_at"),"id") WHERE not "questionnaire_responses"."coded";--> statement-breakpoint
-- Whether a contribution carries a code (issue 32, decision 080), kept here and only here: after every
-- change to contribution_codes, the contribution's "coded" is whether any code is still on it.
CREATE FUNCTION "contribution_set_coded"(t "contribution_type", cid uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  c boolean := EXISTS (SELECT 1 FROM "contribution_codes" WHERE "contribution_type" = t AND "contribution_id" = cid);
BEGIN
  IF t::text = 'reflection' THEN
    UPDATE "reflections" SET "coded" = c WHERE "id" = cid AND "coded" <> c;
  ELSIF t::text = 'map_comment' THEN
    UPDATE "map_comments" SET "coded" = c WHERE "id" = cid AND "coded" <> c;
  ELSIF t::text = 'testimonial' THEN
    UPDATE "testimonials" SET "coded" = c WHERE "id" = cid AND "coded" <> c;
  ELSIF t::text = 'questionnaire' THEN
    UPDATE "questionnaire_responses" SET "coded" = c WHERE "id" = cid AND "coded" <> c;
  ELSE
    RAISE EXCEPTION 'contribution_set_coded: unknown contribution type %', t;
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "contribution_codes_coded"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "contribution_set_coded"(OLD."contribution_type", OLD."contribution_id");
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM "contribution_set_coded"(NEW."contribution_type", NEW."contribution_id");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contribution_codes_coded" AFTER INSERT OR UPDATE OR DELETE ON "contribution_codes"
  FOR EACH ROW EXECUTE FUNCTION "contribution_codes_coded"();--> statement-breakpoint
UPDATE "reflections" SET "coded" = true WHERE EXISTS (SELECT 1 FROM "contribution_codes" cc WHERE cc."contribution_type"::text = 'reflection' AND cc."contribution_id" = "reflections"."id");--> statement-breakpoint
UPDATE "map_comments" SET "coded" = true WHERE EXISTS (SELECT 1 FROM "contribution_codes" cc WHERE cc."contribution_type"::text = 'map_comment' AND cc."contribution_id" = "map_comments"."id");--> statement-breakpoint
UPDATE "testimonials" SET "coded" = true WHERE EXISTS (SELECT 1 FROM "contribution_codes" cc WHERE cc."contribution_type"::text = 'testimonial' AND cc."contribution_id" = "testimonials"."id");--> statement-breakpoint
UPDATE "questionnaire_responses" SET "coded" = true WHERE EXISTS (SELECT 1 FROM "contribution_codes" cc WHERE cc."contribution_type"::text = 'questionnaire' AND cc."contribution_id" = "questionnaire_responses"."id");
