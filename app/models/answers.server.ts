import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { answerNotifications, answerStates, answerTemplates, contributionAnswers, results } from "~/db/schema";
import type { ContributionType, PublicAnswer } from "~/domain/contributions";
import { contentChanged } from "~/infra/content-changes.server";
import { answerMailOf, answerTextDigest, queueAnswerMails, requeueAnswerMail } from "~/models/answer-mail.server";
import { ANSWER_TEXTS, ANSWERS_PAGE_SIZE, type AnswerInput } from "~/lib/answers";
import { formatShortDate } from "~/lib/dates";
import type { Locale } from "~/i18n/locales";
import { localized, type Localized, type Translations } from "~/lib/translations";
import { normalizeSlug, slugFromTitle } from "~/lib/admin-schemas";
import { containing, dayRange } from "~/models/admin-list.server";
import { CONTRIBUTION_KINDS, columnOrNull, contributionKinds } from "~/models/contributions.server";

// The council's answers to contributions (issue 31, decision 061). An answer is a draft (state_id,
// text) until staff publish it; publishing copies the draft into the published_* columns, which are
// all that public readers read (publishedAnswers). Withdrawing clears them. Every write here runs
// inside the caller's transaction with its audit entry.

export type Item = { type: ContributionType; id: string };
export const itemKey = (i: Item) => `${i.type}:${i.id}`;

/** A refusal in Catalan (bad input, a gone or hidden contribution, nothing to do): nothing changed. */
export class AnswerRefused extends Error {
  constructor(
    message: string,
    readonly status = 409,
  ) {
    super(message);
  }
}

/** Every state, in their order (retired ones too: the settings list them). */
export const listAnswerStates = (db: Db) =>
  db.select().from(answerStates).orderBy(asc(answerStates.position), asc(answerStates.createdAt), asc(answerStates.label));

/** Every answer template, in their order. */
export const listAnswerTemplates = (db: Db) =>
  db.select().from(answerTemplates).orderBy(asc(answerTemplates.position), asc(answerTemplates.title), asc(answerTemplates.createdAt));

/** Whether any answer (draft or published) holds the state. */
export async function stateInUse(db: Db, id: string): Promise<boolean> {
  const rows = await db.execute(
    sql`select 1 from ${contributionAnswers} where ${contributionAnswers.stateId} = ${id} or ${contributionAnswers.publishedStateId} = ${id} limit 1`,
  );
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}

/** The contribution's moderation status, locked until the transaction ends; null when it is gone. */
async function statusOf(tx: Db, item: Item): Promise<string | null> {
  const table = CONTRIBUTION_KINDS[item.type].table;
  const [row] = await tx.select({ status: table.status }).from(table).where(eq(table.id, item.id)).for("update");
  return row?.status ?? null;
}

export type AnswerRow = typeof contributionAnswers.$inferSelect;

/** The answer of one contribution, or undefined. */
export async function answerOf(db: Db, item: Item): Promise<AnswerRow | undefined> {
  const [row] = await db
    .select()
    .from(contributionAnswers)
    .where(and(eq(contributionAnswers.contributionType, item.type), eq(contributionAnswers.contributionId, item.id)));
  return row;
}

/** Whether the result (when there is one) may be linked from a published answer: it exists and is
 * public. Refuses otherwise (decision 075). */
async function checkResult(tx: Db, resultId: string | null, publishing: boolean) {
  if (!resultId) return;
  const [result] = await tx.select({ isActive: results.isActive }).from(results).where(eq(results.id, resultId));
  if (!result) throw new AnswerRefused(ANSWER_TEXTS.resultUnknown, 400);
  if (publishing && !result.isActive) throw new AnswerRefused(ANSWER_TEXTS.resultNotPublic);
}

/** Writes (or rewrites) the answer's draft, and publishes it when asked. Refuses a contribution that
 * is gone or hidden, a state that is unknown or retired, a result that is gone (or not public, when
 * publishing). Returns the answer before and after. */
export async function saveAnswer(
  tx: Db,
  input: Omit<AnswerInput, "resultId"> & { resultId?: string | null },
  staff: { id: string; email: string },
  now = new Date(),
): Promise<{ before: AnswerRow | undefined; after: AnswerRow }> {
  const { item } = input;
  const status = await statusOf(tx, item);
  if (status === null) throw new AnswerRefused(ANSWER_TEXTS.contributionGone, 404);
  if (status === "hidden") throw new AnswerRefused(ANSWER_TEXTS.contributionHidden);
  if (input.publish && status !== "published") throw new AnswerRefused(ANSWER_TEXTS.contributionHidden);
  const [state] = await tx.select().from(answerStates).where(eq(answerStates.id, input.stateId));
  if (!state) throw new AnswerRefused(ANSWER_TEXTS.stateUnknown, 400);
  const before = await answerOf(tx, item);
  // A retired state stays on the answers that have it, and is offered for no new one.
  if (!state.isActive && before?.stateId !== state.id) throw new AnswerRefused(ANSWER_TEXTS.stateRetired, 400);
  // No field: the link the answer has stays (the moderation queue's form does not offer it).
  const resultId = input.resultId === undefined ? (before?.resultId ?? null) : input.resultId;
  await checkResult(tx, resultId, input.publish);
  const draft = {
    stateId: state.id,
    text: input.text,
    resultId,
    answeredById: staff.id,
    answeredByEmail: staff.email,
    answeredAt: now,
  };
  const published = input.publish
    ? { publishedStateId: state.id, publishedText: input.text, publishedResultId: resultId, publishedAt: now, withdrawnAt: null }
    : {};
  const [after] = await tx
    .insert(contributionAnswers)
    .values({ contributionType: item.type, contributionId: item.id, ...draft, ...published })
    .onConflictDoUpdate({
      target: [contributionAnswers.contributionType, contributionAnswers.contributionId],
      set: { ...draft, ...published },
    })
    .returning();
  if (input.publish) {
    await queueAnswerMails(tx, after!.id);
    contentChanged(contributionAnswers);
  }
  return { before, after: after! };
}

/** Whether an answer has something the public has not seen (a draft, or changes to a published one). */
export const unpublished = (
  a: Pick<AnswerRow, "publishedAt" | "publishedText" | "publishedStateId" | "text" | "stateId" | "resultId" | "publishedResultId">,
) => a.publishedAt === null || a.publishedText !== a.text || a.publishedStateId !== a.stateId || a.publishedResultId !== a.resultId;

/** Publishes one answer's draft. Refuses a missing answer, a contribution that is not public, and
 * an answer already published as it is. */
export async function publishAnswer(tx: Db, item: Item, now = new Date()): Promise<AnswerRow> {
  const status = await statusOf(tx, item);
  if (status === null) throw new AnswerRefused(ANSWER_TEXTS.contributionGone, 404);
  if (status !== "published") throw new AnswerRefused(ANSWER_TEXTS.contributionHidden);
  const current = await answerOf(tx, item);
  if (!current) throw new AnswerRefused(ANSWER_TEXTS.noAnswer, 404);
  if (!unpublished(current)) throw new AnswerRefused(ANSWER_TEXTS.alreadyPublished);
  await checkResult(tx, current.resultId, true);
  const [after] = await tx
    .update(contributionAnswers)
    .set({
      publishedStateId: current.stateId,
      publishedText: current.text,
      publishedResultId: current.resultId,
      publishedAt: now,
      withdrawnAt: null,
    })
    .where(eq(contributionAnswers.id, current.id))
    .returning();
  await queueAnswerMails(tx, current.id);
  contentChanged(contributionAnswers);
  return after!;
}

/** Takes a published answer off the site (its draft stays, and can be published again). */
export async function withdrawAnswer(tx: Db, item: Item, now = new Date()): Promise<AnswerRow> {
  const current = await answerOf(tx, item);
  if (!current) throw new AnswerRefused(ANSWER_TEXTS.noAnswer, 404);
  if (current.publishedAt === null) throw new AnswerRefused(ANSWER_TEXTS.notPublished);
  const [after] = await tx
    .update(contributionAnswers)
    .set({ publishedStateId: null, publishedText: null, publishedResultId: null, publishedAt: null, withdrawnAt: now })
    .where(eq(contributionAnswers.id, current.id))
    .returning();
  contentChanged(contributionAnswers);
  return after!;
}

/** Sends a published answer's e-mail again, now that its text has changed ("Torna a avisar
 * l'autor", issue 31: again only if the text changes and staff choose to). Refuses an answer that is
 * not published, whose author was never e-mailed (or is still to be), and one whose published text
 * is the one the author already has. */
export async function notifyAgain(tx: Db, item: Item, now = new Date()): Promise<AnswerRow> {
  const current = await answerOf(tx, item);
  if (!current) throw new AnswerRefused(ANSWER_TEXTS.noAnswer, 404);
  if (current.publishedAt === null || current.publishedText === null) throw new AnswerRefused(ANSWER_TEXTS.notifyNotPublished);
  const mail = await answerMailOf(tx, current.id);
  if (!mail) throw new AnswerRefused(ANSWER_TEXTS.notifyNoMail);
  if (mail.status !== "sent") throw new AnswerRefused(ANSWER_TEXTS.notifyPending);
  const digest = answerTextDigest(current.publishedText);
  if (mail.sentTextHash === digest || !(await requeueAnswerMail(tx, current.id, digest, now)))
    throw new AnswerRefused(ANSWER_TEXTS.notifySameText);
  return current;
}

/** The answers with something unpublished whose contribution is public, and whose result (if any)
 * is public: what "publish all" publishes. An answer that points to a result not public waits
 * (decision 075): it is published one by one once the result is public or the link is taken out. */
const publishableWhere = sql`(${contributionAnswers.publishedAt} is null
    or ${contributionAnswers.publishedText} is distinct from ${contributionAnswers.text}
    or ${contributionAnswers.publishedStateId} is distinct from ${contributionAnswers.stateId}
    or ${contributionAnswers.publishedResultId} is distinct from ${contributionAnswers.resultId})
  and (${contributionAnswers.resultId} is null
    or exists (select 1 from ${results} r where r.id = ${contributionAnswers.resultId} and r.is_public))
  and (${sql.join(
    contributionKinds.map(
      (k) =>
        sql`(${contributionAnswers.contributionType} = ${k.type} and exists (select 1 from ${k.table} c where c.id = ${contributionAnswers.contributionId} and c.status = 'published'))`,
    ),
    sql` or `,
  )})`;

/** How many answers "publish all" would publish now (its preview). */
export async function publishableCount(db: Db): Promise<number> {
  return db.$count(contributionAnswers, publishableWhere);
}

/** Publishes every draft of a public contribution in one statement ("Publica totes les respostes":
 * the council releases its retorn on one day). Answers the ids published. */
export async function publishAll(tx: Db, now = new Date()): Promise<Item[]> {
  const rows = await tx
    .update(contributionAnswers)
    .set({
      publishedStateId: sql`${contributionAnswers.stateId}`,
      publishedText: sql`${contributionAnswers.text}`,
      publishedResultId: sql`${contributionAnswers.resultId}`,
      publishedAt: now,
      withdrawnAt: null,
    })
    .where(publishableWhere)
    .returning({ type: contributionAnswers.contributionType, id: contributionAnswers.contributionId });
  if (rows.length) {
    await queueAnswerMails(tx);
    contentChanged(contributionAnswers);
  }
  return rows;
}

/** The published answers of these contributions, by "type:id", each with its state's label and
 * the result it points to while that result is public (its title), in `locale`. The caller passes only contributions the
 * public sees (a hidden contribution's answer is never read). */
export async function publishedAnswers(db: Db, items: Item[], locale: Locale): Promise<Map<string, PublicAnswer>> {
  const out = new Map<string, PublicAnswer>();
  if (!items.length) return out;
  const rows = await db
    .select({
      type: contributionAnswers.contributionType,
      id: contributionAnswers.contributionId,
      text: contributionAnswers.publishedText,
      publishedAt: contributionAnswers.publishedAt,
      state: answerStates.label,
      stateTranslations: answerStates.translations,
      colour: answerStates.colour,
      resultId: results.id,
      resultTitle: results.title,
      resultTranslations: results.translations,
    })
    .from(contributionAnswers)
    .innerJoin(answerStates, eq(answerStates.id, contributionAnswers.publishedStateId))
    // Only a public result: one hidden later drops out of the answer, and comes back when shown.
    .leftJoin(results, and(eq(results.id, contributionAnswers.publishedResultId), eq(results.isActive, true)))
    .where(
      inArray(
        contributionAnswers.contributionId,
        items.map((i) => i.id),
      ),
    );
  for (const r of rows)
    if (r.text !== null && r.publishedAt !== null)
      out.set(itemKey(r), {
        state: localized(r.state, r.stateTranslations, "label", locale),
        colour: r.colour,
        text: r.text,
        publishedAt: r.publishedAt.toISOString(),
        dateLabel: formatShortDate(r.publishedAt),
        ...(r.resultId && r.resultTitle !== null
          ? { result: { id: r.resultId, title: localized(r.resultTitle, r.resultTranslations, "title", locale) } }
          : {}),
      });
  return out;
}

/** The contributions whose answer staff marked as featured and is published (decision 075), newest
 * answer first. Whether the contribution is public is the caller's to check (content.server.ts
 * reads only public ones). */
export async function featuredItems(db: Db, limit = 12): Promise<Item[]> {
  const rows = await db
    .select({ type: contributionAnswers.contributionType, id: contributionAnswers.contributionId })
    .from(contributionAnswers)
    .where(and(eq(contributionAnswers.featured, true), sql`${contributionAnswers.publishedAt} is not null`))
    .orderBy(sql`${contributionAnswers.publishedAt} desc`, contributionAnswers.id)
    .limit(limit);
  return rows;
}

/** Marks an answered contribution as featured in the report, or no longer. Refuses a contribution
 * without an answer, and a change that changes nothing. Answers the row before and after. */
export async function setFeatured(tx: Db, item: Item, featured: boolean): Promise<{ before: AnswerRow; after: AnswerRow }> {
  const status = await statusOf(tx, item);
  if (status === null) throw new AnswerRefused(ANSWER_TEXTS.contributionGone, 404);
  const before = await answerOf(tx, item);
  if (!before) throw new AnswerRefused(ANSWER_TEXTS.featureNoAnswer, 404);
  if (before.featured === featured) throw new AnswerRefused(ANSWER_TEXTS.featureUnchanged);
  const [after] = await tx.update(contributionAnswers).set({ featured }).where(eq(contributionAnswers.id, before.id)).returning();
  contentChanged(contributionAnswers);
  return { before, after: after! };
}

/** Whether the council has published an answer: the header's link to the report (decision 079).
 * Every public page's layout asks, so it reads the answers alone: a contribution sent or moderated
 * makes no kept page stale (the page cache's tags are tables). An answer to a contribution hidden
 * later still counts; the report shows only the public ones. */
export async function anyPublishedAnswer(db: Db): Promise<boolean> {
  const [found] = await db
    .select({ id: contributionAnswers.id })
    .from(contributionAnswers)
    .where(sql`${contributionAnswers.publishedAt} is not null`)
    .limit(1);
  return found !== undefined;
}

/** The answer states the public list filters by (issue 31): those of at least one published
 * answer of a public contribution, in their order, each with its address's word (its label as a
 * slug: `?resposta=acceptada-parcialment`, the Catalan label's in every language, so an address
 * keeps its filter across the languages), its label in `locale` and how many it has. A draft
 * counts for nothing. */
export async function publicAnswerStates(
  db: Db,
  locale: Locale,
): Promise<{ id: string; slug: string; label: Localized; colour: string; n: number }[]> {
  const publicContribution = sql.join(
    contributionKinds.map(
      (k) =>
        sql`(a.contribution_type = ${k.type} and exists (select 1 from ${k.table} c where c.id = a.contribution_id and c.status = 'published'))`,
    ),
    sql` or `,
  );
  const rows = (
    (await db.execute(sql`select s.id, s.label, s.translations, s.colour, count(*)::int as n
      from ${answerStates} s join ${contributionAnswers} a on a.published_state_id = s.id and a.published_at is not null
      where ${publicContribution}
      group by s.id, s.label, s.translations, s.colour, s.position, s.created_at
      order by s.position, s.created_at, s.label`)) as unknown as {
      rows: { id: string; label: string; translations: Translations | null; colour: string; n: number }[];
    }
  ).rows;
  const taken = new Set<string>();
  return rows.flatMap((r) => {
    const slug = normalizeSlug(slugFromTitle(r.label)) || r.id;
    // Two labels that differ only by accents or signs: the second is reached by its id.
    const word = taken.has(slug) ? r.id : slug;
    taken.add(word);
    return [{ id: r.id, slug: word, label: localized(r.label, r.translations, "label", locale), colour: r.colour, n: r.n }];
  });
}

// ---------------------------------------------------------------------------------------
// The answering screen's list: every contribution that is not hidden, with its answer.

export interface AnsweringFilters {
  type: ContributionType | null;
  theme: string | null;
  municipality: string | null;
  /** Where the answer stands: none yet, something unpublished, published as it is. */
  stage: "sense" | "esborrany" | "publicada" | null;
  stateId: string | null;
  q: string;
  from: string | null;
  to: string | null;
  page: number;
}

/** The kinds' tables as one, with what the answering screen filters on. */
function contributionsUnion() {
  const selects = contributionKinds.map(
    (k) => sql`select ${sql.raw(`'${k.type}'`)}::text as type, id, ${k.columns.text} as text, ${columnOrNull(k.columns.name)} as name,
      ${columnOrNull(k.columns.theme)}::text as theme, ${"municipality" in k.table ? sql`municipality` : sql`null::text`} as municipality,
      status::text as status, created_at from ${k.table} where status <> 'hidden'`,
  );
  return sql`(${sql.join(selects, sql` union all `)})`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function answeringWhere(f: Omit<AnsweringFilters, "page">): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.type) parts.push(sql`c.type = ${f.type}`);
  if (f.theme) parts.push(sql`c.theme = ${f.theme}`);
  if (f.municipality) parts.push(sql`c.municipality ilike ${containing(f.municipality)}`);
  if (f.q) parts.push(sql`c.text ilike ${containing(f.q)}`);
  const days = dayRange(sql`c.created_at`, f.from, f.to);
  if (days) parts.push(days);
  if (f.stage === "sense") parts.push(sql`a.id is null`);
  if (f.stage === "esborrany")
    parts.push(
      sql`a.id is not null and (a.published_at is null or a.published_text is distinct from a.text or a.published_state_id is distinct from a.state_id
        or a.published_result_id is distinct from a.result_id)`,
    );
  if (f.stage === "publicada")
    parts.push(
      sql`a.published_at is not null and a.published_text = a.text and a.published_state_id = a.state_id
        and a.published_result_id is not distinct from a.result_id`,
    );
  if (f.stateId && UUID.test(f.stateId)) parts.push(sql`a.state_id = ${f.stateId}`);
  return sql.join(parts, sql` and `);
}

export interface AnsweringItem {
  key: string;
  type: ContributionType;
  id: string;
  text: string;
  name: string | null;
  theme: string | null;
  municipality: string | null;
  status: string;
  createdAt: string;
  dateLabel: string;
  answer: {
    stateId: string;
    text: string;
    resultId: string | null;
    featured: boolean;
    answeredAt: string;
    answeredByEmail: string | null;
    published: { stateId: string; text: string; resultId: string | null; at: string } | null;
    /** Something staff wrote is not yet public. */
    unpublished: boolean;
    /** The author had the answer by e-mail, and the published text has changed since. */
    canNotifyAgain: boolean;
  } | null;
}

type AnsweringRow = {
  type: ContributionType;
  id: string;
  text: string;
  name: string | null;
  theme: string | null;
  municipality: string | null;
  status: string;
  created_at: string;
  a_state_id: string | null;
  a_text: string | null;
  a_answered_at: string | null;
  a_by: string | null;
  a_pub_state: string | null;
  a_pub_text: string | null;
  a_pub_at: string | null;
  a_mailed: boolean;
  a_sent_hash: string | null;
  a_result_id: string | null;
  a_pub_result_id: string | null;
  a_featured: boolean | null;
};

const asDate = (text: string) => new Date(text.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00"));

/** A page of the answering list (newest first), how many match, and how many of all the
 * contributions that are not hidden still have no answer (the count left). */
export async function answeringList(db: Db, f: AnsweringFilters) {
  const where = answeringWhere(f);
  const from = sql`${contributionsUnion()} as c left join ${contributionAnswers} a on a.contribution_type::text = c.type and a.contribution_id = c.id`;
  const mailed = sql`left join ${answerNotifications} m on m.answer_id = a.id and m.status = 'sent'`;
  const count = async (w: SQL) =>
    ((await db.execute(sql`select count(*)::int as n from ${from} where ${w}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  const [matching, left] = await Promise.all([count(where), count(sql`a.id is null`)]);
  const pages = Math.max(1, Math.ceil(matching / ANSWERS_PAGE_SIZE));
  const page = Math.min(f.page, pages);
  const rows = (
    (await db.execute(sql`select c.type, c.id, c.text, c.name, c.theme, c.municipality, c.status, c.created_at::text as created_at,
        a.state_id as a_state_id, a.text as a_text, a.answered_at::text as a_answered_at, a.answered_by_email as a_by,
        a.published_state_id as a_pub_state, a.published_text as a_pub_text, a.published_at::text as a_pub_at,
        a.result_id as a_result_id, a.published_result_id as a_pub_result_id, a.featured as a_featured,
        m.id is not null as a_mailed, m.sent_text_hash as a_sent_hash
      from ${from} ${mailed} where ${where} order by c.created_at desc, c.id desc
      limit ${ANSWERS_PAGE_SIZE} offset ${(page - 1) * ANSWERS_PAGE_SIZE}`)) as unknown as { rows: AnsweringRow[] }
  ).rows;
  const items: AnsweringItem[] = rows.map((r) => {
    const at = asDate(r.created_at);
    const published = r.a_pub_at
      ? { stateId: r.a_pub_state!, text: r.a_pub_text!, resultId: r.a_pub_result_id, at: asDate(r.a_pub_at).toISOString() }
      : null;
    return {
      key: `${r.type}:${r.id}`,
      type: r.type,
      id: r.id,
      text: r.text,
      name: r.name,
      theme: r.theme,
      municipality: r.municipality,
      status: r.status,
      createdAt: at.toISOString(),
      dateLabel: formatShortDate(at),
      answer:
        r.a_state_id && r.a_text !== null
          ? {
              stateId: r.a_state_id,
              text: r.a_text,
              resultId: r.a_result_id,
              featured: r.a_featured === true,
              answeredAt: asDate(r.a_answered_at!).toISOString(),
              answeredByEmail: r.a_by,
              published,
              unpublished:
                !published || published.text !== r.a_text || published.stateId !== r.a_state_id || published.resultId !== r.a_result_id,
              canNotifyAgain: !!published && r.a_mailed && r.a_sent_hash !== answerTextDigest(published.text),
            }
          : null,
    };
  });
  return { items, matching, left, page, pages };
}

/** The answers of these contributions as staff see them (draft and published), by "type:id": the
 * moderation queue's rows carry them. */
export async function staffAnswers(db: Db, items: Item[]) {
  const out = new Map<
    string,
    {
      stateId: string;
      text: string;
      resultId: string | null;
      featured: boolean;
      answeredAt: string;
      published: { stateId: string; text: string; resultId: string | null; at: string } | null;
      unpublished: boolean;
      /** The author had the answer by e-mail, and the published text has changed since. */
      canNotifyAgain: boolean;
    }
  >();
  if (!items.length) return out;
  const rows = await db
    .select()
    .from(contributionAnswers)
    .where(
      inArray(
        contributionAnswers.contributionId,
        items.map((i) => i.id),
      ),
    );
  const sent = new Map(
    (
      await db
        .select({ answerId: answerNotifications.answerId, hash: answerNotifications.sentTextHash })
        .from(answerNotifications)
        .where(
          and(
            eq(answerNotifications.status, "sent"),
            inArray(
              answerNotifications.answerId,
              rows.map((r) => r.id),
            ),
          ),
        )
    ).map((m) => [m.answerId, m.hash]),
  );
  for (const r of rows)
    out.set(itemKey({ type: r.contributionType, id: r.contributionId }), {
      stateId: r.stateId,
      text: r.text,
      resultId: r.resultId,
      featured: r.featured,
      answeredAt: r.answeredAt.toISOString(),
      published:
        r.publishedAt && r.publishedStateId && r.publishedText !== null
          ? { stateId: r.publishedStateId, text: r.publishedText, resultId: r.publishedResultId, at: r.publishedAt.toISOString() }
          : null,
      unpublished: unpublished(r),
      canNotifyAgain: r.publishedText !== null && sent.has(r.id) && sent.get(r.id) !== answerTextDigest(r.publishedText),
    });
  return out;
}

// ---------------------------------------------------------------------------------------
// The public report "Què hem escoltat i què en farem": figures of the published answers of the
// contributions the public sees. Nothing of a draft, of a hidden contribution, or of who answered.

export interface AnswersReport {
  /** Public contributions, and how many of them have a published answer. */
  contributions: number;
  answered: number;
  /** Each state's label in the page's language (`lang` set when it is the Catalan fallback). */
  byState: { label: Localized; colour: string; n: number }[];
  byType: { type: ContributionType; total: number; answered: number }[];
  /** Testimonials by theme (the only kind with one), answered ones. */
  byTheme: { theme: string; n: number }[];
  /** Map comments by municipality, answered ones, the most first. */
  byMunicipality: { municipality: string; n: number }[];
}

/** The public contributions with their published answer's state (null: none). */
function publicWithAnswers() {
  const selects = contributionKinds.map(
    (k) => sql`select ${sql.raw(`'${k.type}'`)}::text as type, ${k.table.id} as id, ${columnOrNull(k.columns.theme)}::text as theme,
      ${"municipality" in k.table ? sql`${k.table.municipality}` : sql`null::text`} as municipality, a.published_state_id as state_id
      from ${k.table} left join ${contributionAnswers} a
        on a.contribution_type = ${k.type} and a.contribution_id = ${k.table.id} and a.published_at is not null
      where ${k.table.status} = 'published'`,
  );
  return sql`(${sql.join(selects, sql` union all `)}) as p`;
}

export async function answersReport(db: Db, locale: Locale): Promise<AnswersReport> {
  // One pass over the public contributions, grouped as finely as every figure needs; the figures
  // are summed from these groups (a few hundred rows at most), and the states read beside.
  const [groups, states] = await Promise.all([
    db.execute(
      sql`select type, theme, municipality, state_id, count(*)::int as n from ${publicWithAnswers()} group by 1, 2, 3, 4`,
    ) as unknown as Promise<{
      rows: { type: ContributionType; theme: string | null; municipality: string | null; state_id: string | null; n: number }[];
    }>,
    listAnswerStates(db),
  ]);
  const sum = <K extends string>(key: (g: (typeof groups.rows)[number]) => K | null, only = true) => {
    const out = new Map<K, number>();
    for (const g of groups.rows) {
      const k = key(g);
      if (k !== null && (!only || g.state_id !== null)) out.set(k, (out.get(k) ?? 0) + g.n);
    }
    return out;
  };
  const byStateId = sum((g) => g.state_id);
  const total = sum((g) => g.type, false);
  const answered = sum((g) => g.type);
  const byDesc = <K extends string>(m: Map<K, number>) => [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], "ca"));
  const types = contributionKinds.map((k) => ({ type: k.type, total: total.get(k.type) ?? 0, answered: answered.get(k.type) ?? 0 }));
  return {
    contributions: types.reduce((n, r) => n + r.total, 0),
    answered: types.reduce((n, r) => n + r.answered, 0),
    byState: states
      .map((s) => ({
        label: localized(s.label, s.translations, "label", locale),
        colour: s.colour,
        n: byStateId.get(s.id) ?? 0,
        isActive: s.isActive,
      }))
      .filter((s) => s.n > 0 || s.isActive)
      .map(({ isActive: _, ...s }) => s),
    byType: types,
    byTheme: byDesc(sum((g) => g.theme)).map(([theme, n]) => ({ theme, n })),
    byMunicipality: byDesc(sum((g) => g.municipality))
      .slice(0, 30)
      .map(([municipality, n]) => ({ municipality, n })),
  };
}

// ---------------------------------------------------------------------------------------
// Bulk answering (decision 068): one state and one template applied to the rows staff ticked, or
// to every contribution the answering screen's filters find, in one INSERT … SELECT. An answer that
// exists is kept unless staff chose to overwrite it; overwriting rewrites its draft only (a published
// answer stays public as it was until it is published again).

export type BulkTarget = { scope: "selected"; items: Item[] } | { scope: "filtered"; filters: Omit<AnsweringFilters, "page"> };

const answeringFrom = () =>
  sql`${contributionsUnion()} as c left join ${contributionAnswers} a on a.contribution_type::text = c.type and a.contribution_id = c.id`;

function bulkWhere(target: BulkTarget, overwrite: boolean): SQL {
  const parts: SQL[] = [];
  if (target.scope === "filtered") parts.push(answeringWhere(target.filters));
  else if (target.items.length === 0) parts.push(sql`false`);
  else
    parts.push(
      sql`(${sql.join(
        target.items.map((i) => sql`(c.type = ${i.type} and c.id = ${i.id})`),
        sql` or `,
      )})`,
    );
  if (!overwrite) parts.push(sql`a.id is null`);
  return sql.join(parts, sql` and `);
}

/** How many contributions a bulk answer would write now (its confirmation's count). */
export async function bulkCount(db: Db, target: BulkTarget, overwrite: boolean): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from ${answeringFrom()} where ${bulkWhere(target, overwrite)}`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
}

/** Writes the template's text with the state as the draft answer of every targeted contribution
 * that is not hidden (and has no answer, unless `overwrite`). Refuses an unknown or retired state, a
 * template that is not the state's, and, when `expected` is given, a set whose size changed since
 * the confirmation counted it. Answers the contributions written. */
export async function bulkAnswer(
  tx: Db,
  input: { stateId: string; templateId: string; overwrite: boolean; expected?: number },
  target: BulkTarget,
  staff: { id: string; email: string },
  now = new Date(),
): Promise<Item[]> {
  const [state] = await tx.select().from(answerStates).where(eq(answerStates.id, input.stateId));
  if (!state) throw new AnswerRefused(ANSWER_TEXTS.stateUnknown, 400);
  if (!state.isActive) throw new AnswerRefused(ANSWER_TEXTS.stateRetired, 400);
  const [template] = await tx.select().from(answerTemplates).where(eq(answerTemplates.id, input.templateId));
  if (!template) throw new AnswerRefused(ANSWER_TEXTS.templateUnknown, 400);
  if (template.stateId !== state.id) throw new AnswerRefused(ANSWER_TEXTS.templateOtherState, 400);
  const where = bulkWhere(target, input.overwrite);
  if (input.expected !== undefined && (await bulkCount(tx, target, input.overwrite)) !== input.expected)
    throw new AnswerRefused(ANSWER_TEXTS.bulkCountChanged);
  const written = (await tx.execute(sql`insert into ${contributionAnswers}
      (contribution_type, contribution_id, state_id, text, answered_by_id, answered_by_email, answered_at)
      select c.type::contribution_type, c.id, ${state.id}, ${template.text}, ${staff.id}, ${staff.email}, ${now.toISOString()}
      from ${answeringFrom()} where ${where}
      on conflict (contribution_type, contribution_id) do ${
        input.overwrite
          ? sql`update set state_id = excluded.state_id, text = excluded.text, answered_by_id = excluded.answered_by_id,
              answered_by_email = excluded.answered_by_email, answered_at = excluded.answered_at`
          : sql`nothing`
      }
      returning contribution_type as type, contribution_id as id`)) as unknown as { rows: Item[] };
  if (written.rows.length === 0) throw new AnswerRefused(ANSWER_TEXTS.bulkNothing);
  return written.rows;
}
