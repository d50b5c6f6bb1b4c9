import { asc, eq } from "drizzle-orm";
import type { Route } from "./+types/answer-templates";
import type { Db } from "~/db/client.server";
import { answerStates, answerTemplates } from "~/db/schema";
import { ANSWER_TEXTS, answerTemplateSchema } from "~/lib/answers";
import { entityAction, invalid, refuse, type EntitySpec } from "~/models/admin-entity.server";
import { listAnswerStates } from "~/models/answers.server";
import { requireAdmin } from "~/infra/session.server";

// The answer templates (issue 31, decision 068): reusable texts, one or more per state, kept by the
// staff who answer (moderators and administrators) and applied by bulk answering. Reached from the
// answering screen. Each write is audited by the entity pattern (entity "answer template").

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [states, templates] = await Promise.all([
    listAnswerStates(context.db),
    context.db
      .select()
      .from(answerTemplates)
      .orderBy(asc(answerTemplates.position), asc(answerTemplates.title), asc(answerTemplates.createdAt)),
  ]);
  return {
    states: states.map((s) => ({ id: s.id, label: s.label, colour: s.colour, isActive: s.isActive })),
    templates: templates.map((t) => ({ id: t.id, stateId: t.stateId, title: t.title, text: t.text, position: t.position })),
  };
}

/** The screen's entity, its values checked against the states of `db`. */
export const templateSpec = (db: Db): EntitySpec => ({
  name: "answer template",
  table: answerTemplates,
  allow: ["create", "update", "delete"],
  texts: {
    created: "Plantilla afegida correctament",
    updated: "Plantilla actualitzada correctament",
    deleted: "Plantilla eliminada correctament",
    failed: (intent, why) => {
      if (why === "not_found") return "Aquesta plantilla ja no existeix. Torna a carregar la pàgina.";
      return intent === "delete" ? "No s'ha pogut eliminar la plantilla" : "No s'ha pogut desar la plantilla";
    },
  },
  async values({ fields }) {
    const parsed = answerTemplateSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error);
    const [state] = await db.select({ id: answerStates.id }).from(answerStates).where(eq(answerStates.id, parsed.data.stateId));
    if (!state) return refuse(ANSWER_TEXTS.stateUnknown, { stateId: ANSWER_TEXTS.stateUnknown });
    return parsed.data;
  },
});

export async function action({ request, context }: Route.ActionArgs) {
  return entityAction(request, context, templateSpec(context.db));
}
