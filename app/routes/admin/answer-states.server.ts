import type { Route } from "./+types/answer-states";
import { answerStates } from "~/db/schema";
import { ANSWER_TEXTS, answerStateSchema } from "~/lib/answers";
import { entityAction, invalid, type EntitySpec } from "~/models/admin-entity.server";
import { listAnswerStates, stateInUse } from "~/models/answers.server";
import { requireAdmin } from "~/infra/session.server";

// The answer states (issue 31), kept in the settings: a public label, a colour white text reads on,
// an order. A state in use is retired (the active switch), never deleted (decision 061).

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { states: await listAnswerStates(context.db) };
}

const SAVE_FAILED = "No s'ha pogut desar l'estat";

const isForeignKeyViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: unknown } | null;
  return e?.code === "23503" || (e?.cause !== undefined && isForeignKeyViolation(e.cause));
};

export const STATE_SPEC: EntitySpec = {
  name: "answer state",
  table: answerStates,
  texts: {
    created: "Estat afegit correctament",
    updated: "Estat actualitzat correctament",
    deleted: "Estat eliminat correctament",
    toggled: (active) => (active ? "Estat en ús de nou" : "Estat retirat: ja no s'oferirà per a respostes noves"),
    failed: (intent, why, err) => {
      if (intent === "delete" && isForeignKeyViolation(err)) return ANSWER_TEXTS.stateInUse;
      if (why === "not_found") return "Aquest estat ja no existeix. Torna a carregar la pàgina.";
      return intent === "delete" ? "No s'ha pogut eliminar l'estat" : SAVE_FAILED;
    },
  },
  conflict: { error: ANSWER_TEXTS.stateTaken, field: "label" },
  values({ fields }) {
    const parsed = answerStateSchema.safeParse(fields);
    return parsed.success ? parsed.data : invalid(parsed.error);
  },
  async refuseDelete(db, id) {
    return (await stateInUse(db, id)) ? ANSWER_TEXTS.stateInUse : null;
  },
};

export async function action({ request, context }: Route.ActionArgs) {
  return entityAction(request, context, STATE_SPEC);
}
