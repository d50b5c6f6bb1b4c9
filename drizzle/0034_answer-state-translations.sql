ALTER TABLE "answer_states" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The default answer states' Spanish and English labels (decision 062), found by their Catalan
-- label: a state staff renamed or added keeps no translation until staff write one.
UPDATE "answer_states" SET "translations" = CASE "label"
  WHEN 'Acceptada' THEN '{"es":{"label":"Aceptada"},"en":{"label":"Accepted"}}'::jsonb
  WHEN 'Acceptada parcialment' THEN '{"es":{"label":"Aceptada parcialmente"},"en":{"label":"Partly accepted"}}'::jsonb
  WHEN 'No acceptada' THEN '{"es":{"label":"No aceptada"},"en":{"label":"Not accepted"}}'::jsonb
  WHEN 'Ja prevista al pla' THEN '{"es":{"label":"Ya prevista en el plan"},"en":{"label":"Already in the plan"}}'::jsonb
  WHEN 'En estudi' THEN '{"es":{"label":"En estudio"},"en":{"label":"Under study"}}'::jsonb
END
WHERE "label" IN ('Acceptada', 'Acceptada parcialment', 'No acceptada', 'Ja prevista al pla', 'En estudi');
