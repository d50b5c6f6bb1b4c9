import type { Route } from "./+types/answers";
import type { ContributionType } from "~/domain/contributions";
import type { Category } from "~/domain/themes";
import {
  ANSWER_TEXTS,
  answerIntents,
  answerItemSchema,
  answerSchema,
  ANSWERS_SHAPE,
  bulkAnswerSchema,
  featureSchema,
  heardIntroSchema,
  mayPublishAnswers,
  PUBLISH_TEXTS,
  type AnswerIntent,
} from "~/lib/answers";
import { done, failed, firstError, logActionError, readAdminForm } from "~/models/admin.server";
import { readListQuery } from "~/models/admin-list.server";
import {
  AnswerRefused,
  answeringList,
  bulkAnswer,
  bulkCount,
  listAnswerTemplates,
  type BulkTarget,
  itemKey,
  listAnswerStates,
  publishableCount,
  publishAll,
  publishAnswer,
  saveAnswer,
  setFeatured,
  withdrawAnswer,
  notifyAgain,
  type AnsweringFilters,
} from "~/models/answers.server";
import { answerMailProblems } from "~/models/answer-mail.server";
import { recordAudit, type AuditChange } from "~/models/audit.server";
import { requireAdmin } from "~/infra/session.server";
import { contentChanged } from "~/infra/content-changes.server";
import { siteSettings } from "~/db/schema";
import type { Db } from "~/db/client.server";
import { readHeardIntro, saveHeardIntro } from "~/models/settings.server";
import { listResultsForAnswers } from "~/models/results.server";
import { formatNumber } from "~/i18n/locales";

// The council's answers (issue 31, decision 061): the answering screen's list and the one action
// that writes answers, which the moderation queue's rows post to as well. Moderators write drafts;
// administrators publish one, or every draft at once, and withdraw. Each write and its audit entry
// are one transaction.

/** The answering screen's filters, as its address writes them (the list, and bulk answering's
 * "every contribution the filters find", read the same). */
function readFilters(request: Request) {
  const query = readListQuery(new URL(request.url), ANSWERS_SHAPE);
  const f = query.filters;
  const filters: AnsweringFilters = {
    type: (f.tipus ?? null) as ContributionType | null,
    theme: (f.ambit ?? null) as Category | null,
    municipality: f.municipi ?? null,
    stage: (f.resposta ?? null) as AnsweringFilters["stage"],
    stateId: f["estat-resposta"] ?? null,
    q: query.q,
    from: query.from,
    to: query.to,
    page: query.page,
  };
  return { query, filters };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request, context);
  const { query, filters } = readFilters(request);
  const target = { scope: "filtered", filters } as const;
  const canPublish = mayPublishAnswers(user.role);
  const [list, states, publishable, templates, unansweredMatching, mailProblems, results, heardIntro] = await Promise.all([
    answeringList(context.db, filters),
    listAnswerStates(context.db),
    publishableCount(context.db),
    listAnswerTemplates(context.db),
    bulkCount(context.db, target, false),
    answerMailProblems(context.db),
    listResultsForAnswers(context.db),
    canPublish ? readHeardIntro(context.db) : null,
  ]);
  query.page = list.page;
  return {
    query,
    ...list,
    /** Of the contributions the filters find, those without an answer (what bulk answering writes
     * unless staff choose to overwrite). */
    unansweredMatching,
    templates: templates.map((t) => ({ id: t.id, stateId: t.stateId, title: t.title, text: t.text })),
    states: states.map((s) => ({ id: s.id, label: s.label, colour: s.colour, isActive: s.isActive })),
    publishable,
    /** The authors' e-mails that failed, or wait to be tried again, with the server's reason. */
    mailProblems,
    canPublish,
    /** The plan's results an answer may point to ("Ho seguim aquí", decision 075), public or not. */
    results,
    /** The report's introduction, for those who may change it. */
    heardIntro,
  };
}

const DONE: Record<Exclude<AnswerIntent, "publish_all" | "bulk_answer" | "feature" | "heard_intro">, string> = {
  answer: "Resposta desada com a esborrany",
  publish: "Resposta publicada",
  withdraw: "Resposta retirada de la web",
  notify_again: "L'autor rebrà la resposta nova per correu",
};

export async function action({ request, context }: Pick<Route.ActionArgs, "request" | "context">) {
  const { user } = await requireAdmin(request, context);
  const { fields } = await readAdminForm(request, context, {});
  const intent = answerIntents.find((i) => i === fields.intent);
  if (!intent) return failed("Acció desconeguda", 400);
  // What changes the public report at once is the administrators' (decision 075), as publishing is.
  if ((intent === "feature" || intent === "heard_intro") && !mayPublishAnswers(user.role))
    return failed(PUBLISH_TEXTS.reportAdminsOnly, 403);
  const publishing = intent === "answer" ? fields.publish === "on" || fields.publish === "true" : intent !== "bulk_answer";
  if (publishing && !mayPublishAnswers(user.role)) return failed(PUBLISH_TEXTS.adminsOnly, 403);
  const audit = (tx: typeof context.db, change: Omit<AuditChange, "entity">) =>
    recordAudit(tx, { request, context }, user, { entity: "answer", ...change });
  try {
    if (intent === "heard_intro") {
      const parsed = heardIntroSchema.safeParse(fields);
      if (!parsed.success) return failed(firstError(parsed.error), 400);
      await context.db.transaction(async (tx) => {
        const before = await readHeardIntro(tx as unknown as Db);
        const after = await saveHeardIntro(tx as unknown as Db, parsed.data);
        await recordAudit(tx as unknown as Db, { request, context }, user, {
          entity: "settings",
          entityId: "heard_intro",
          action: "texts",
          before: { ...before },
          after: { ...after },
        });
      });
      contentChanged(siteSettings);
      return done("Introducció de l'informe desada");
    }
    if (intent === "feature") {
      const parsed = featureSchema.safeParse(fields);
      if (!parsed.success) return failed(firstError(parsed.error), 400);
      const { item, featured } = parsed.data;
      await context.db.transaction(async (tx) => {
        await setFeatured(tx, item, featured);
        await audit(tx, {
          entityId: itemKey(item),
          action: featured ? "feature" : "unfeature",
          before: { featured: featured ? "no" : "sí" },
          after: { featured: featured ? "sí" : "no" },
        });
      });
      return done(featured ? "Aportació destacada a l'informe" : "Aportació retirada dels destacats de l'informe");
    }
    if (intent === "publish_all") {
      const published = await context.db.transaction(async (tx) => {
        const items = await publishAll(tx);
        if (items.length) await audit(tx, { action: "publish_all", after: { count: String(items.length) } });
        return items.length;
      });
      if (published === 0) return failed(ANSWER_TEXTS.nothingToPublish, 409);
      return done(published === 1 ? "1 resposta publicada" : `${formatNumber(published)} respostes publicades`);
    }
    if (intent === "bulk_answer") {
      const parsed = bulkAnswerSchema.safeParse(fields);
      if (!parsed.success) return failed(firstError(parsed.error), 400);
      const input = parsed.data;
      const target: BulkTarget =
        input.scope === "selected"
          ? { scope: "selected", items: input.items }
          : { scope: "filtered", filters: readFilters(request).filters };
      const written = await context.db.transaction(async (tx) => {
        const items = await bulkAnswer(tx, input, target, { id: user.id, email: user.email });
        await audit(tx, {
          action: "bulk_answer",
          after: {
            count: String(items.length),
            stateId: input.stateId,
            templateId: input.templateId,
            scope: input.scope,
            overwrite: input.overwrite ? "sí" : "no",
          },
        });
        return items.length;
      });
      return done(written === 1 ? "1 resposta desada com a esborrany" : `${formatNumber(written)} respostes desades com a esborrany`);
    }
    if (intent === "answer") {
      const parsed = answerSchema.safeParse(fields);
      if (!parsed.success) return failed(firstError(parsed.error), 400);
      const input = parsed.data;
      await context.db.transaction(async (tx) => {
        const { before, after } = await saveAnswer(tx, input, { id: user.id, email: user.email });
        await audit(tx, {
          entityId: itemKey(input.item),
          action: input.publish ? "publish" : "answer",
          before: before ? { stateId: before.stateId, text: before.text, resultId: before.resultId ?? "" } : null,
          after: { stateId: after.stateId, text: after.text, resultId: after.resultId ?? "" },
        });
      });
      return done(input.publish ? DONE.publish : DONE.answer);
    }
    const parsed = answerItemSchema.safeParse(fields);
    if (!parsed.success) return failed(firstError(parsed.error), 400);
    const { item } = parsed.data;
    await context.db.transaction(async (tx) => {
      const after =
        intent === "publish"
          ? await publishAnswer(tx, item)
          : intent === "withdraw"
            ? await withdrawAnswer(tx, item)
            : await notifyAgain(tx, item);
      await audit(tx, {
        entityId: itemKey(item),
        action: intent,
        after: { stateId: after.stateId, text: after.text, resultId: after.publishedResultId ?? after.resultId ?? "" },
      });
    });
    return done(DONE[intent]);
  } catch (err) {
    if (err instanceof AnswerRefused) return failed(err.message, err.status);
    logActionError("answers", err);
    return failed("No s'ha pogut desar la resposta. Torna-ho a provar.", 500);
  }
}
