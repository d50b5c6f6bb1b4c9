import type { Route } from "./+types/result-states";
import { resultStates } from "~/db/schema";
import { RESULT_TEXTS, resultStateSchema } from "~/lib/results";
import { entityAction, invalid, type EntitySpec } from "~/models/admin-entity.server";
import { listResultStates, resultStateInUse } from "~/models/results.server";
import { requireAdmin } from "~/infra/session.server";

// The stages of the plan's results (issue 35, decision 067), kept like the answer states: a public
// label, a colour white text reads on, an order and what it means for the figures. A state in use
// is retired (the active switch), never deleted.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { states: await listResultStates(context.db) };
}

const SAVE_FAILED = "No s'ha pogut desar l'estat";

const isForeignKeyViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: unknown } | null;
  return e?.code === "23503" || (e?.cause !== undefined && isForeignKeyViolation(e.cause));
};

export const RESULT_STATE_SPEC: EntitySpec = {
  name: "result state",
  table: resultStates,
  texts: {
    created: "Estat afegit correctament",
    updated: "Estat actualitzat correctament",
    deleted: "Estat eliminat correctament",
    toggled: (active) => (active ? "Estat en ús de nou" : "Estat retirat: ja no s'oferirà per a actuacions noves"),
    failed: (intent, why, err) => {
      if (intent === "delete" && isForeignKeyViolation(err)) return RESULT_TEXTS.stateInUse;
      if (why === "not_found") return "Aquest estat ja no existeix. Torna a carregar la pàgina.";
      return intent === "delete" ? "No s'ha pogut eliminar l'estat" : SAVE_FAILED;
    },
  },
  conflict: { error: RESULT_TEXTS.stateTaken, field: "label" },
  values({ fields }) {
    const parsed = resultStateSchema.safeParse(fields);
    return parsed.success ? parsed.data : invalid(parsed.error);
  },
  async refuseDelete(db, id) {
    return (await resultStateInUse(db, id)) ? RESULT_TEXTS.stateInUse : null;
  },
};

export async function action({ request, context }: Route.ActionArgs) {
  return entityAction(request, context, RESULT_STATE_SPEC);
}
