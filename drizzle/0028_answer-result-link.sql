ALTER TABLE "contribution_answers" ADD COLUMN "result_id" uuid;--> statement-breakpoint
ALTER TABLE "contribution_answers" ADD COLUMN "published_result_id" uuid;--> statement-breakpoint
ALTER TABLE "contribution_answers" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contribution_answers" ADD CONSTRAINT "contribution_answers_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_answers" ADD CONSTRAINT "contribution_answers_published_result_id_results_id_fk" FOREIGN KEY ("published_result_id") REFERENCES "public"."results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contribution_answers_published_result_idx" ON "contribution_answers" USING btree ("published_result_id");--> statement-breakpoint
ALTER TABLE "contribution_answers" ADD CONSTRAINT "contribution_answers_published_result" CHECK ("contribution_answers"."published_at" is not null or "contribution_answers"."published_result_id" is null);