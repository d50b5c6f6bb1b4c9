import { z } from "zod";
import { MAX_RETENTION_MONTHS, MIN_RETENTION_MONTHS } from "~/domain/retention";

// The settings screen's retention form (issue 34, decision 071), client-safe: the screen checks with
// it, the action applies it.

const monthsMessage = `Escriu un nombre de mesos entre ${MIN_RETENTION_MONTHS} i ${MAX_RETENTION_MONTHS}`;

export const retentionSettingsSchema = z.object({
  months: z.coerce
    .number({ error: monthsMessage })
    .int(monthsMessage)
    .min(MIN_RETENTION_MONTHS, monthsMessage)
    .max(MAX_RETENTION_MONTHS, monthsMessage),
});
