import type { Route } from "./+types/coding";
import type { CodedType } from "~/domain/contributions";
import { MUNICIPALITY_NAMES } from "~/domain/map";
import { CODING_SHAPE, CODING_TEXTS, codingIntents, isUuid, parseItem } from "~/lib/coding";
import type { ListQuery } from "~/lib/admin-list";
import { done, failed, logActionError, readAdminForm } from "~/models/admin.server";
import { readListQuery } from "~/models/admin-list.server";
import { recordAudit } from "~/models/audit.server";
import {
  activeCodes,
  bulkCode,
  codingItem,
  decideSuggestions,
  codingList,
  CodingRefused,
  firstKey,
  itemKey,
  setMunicipality,
  toggleCode,
  uncodedCount,
  type CodingFilters,
  type Item,
} from "~/models/coding.server";
import { requireAdmin } from "~/infra/session.server";
import { contentChanged } from "~/infra/content-changes.server";
import { mapComments } from "~/db/schema";
import { formatNumber } from "~/i18n/locales";

// The coding screen (issue 32, decision 065): a filtered list of every contribution with its codes,
// a code added to or removed from the whole filtered list or a selection of it, and one contribution
// at a time (?aportacio=type:id) with its codes to toggle. Plain forms and links: it works without
// JavaScript; with it, the keys 1-9, J, K and N drive it. Each change and its audit entry are one
// transaction; a bulk change is one entry with its count.

/** The parameter naming the contribution being coded. */
export const ITEM_PARAM = "aportacio";

const filtersOf = (query: ListQuery): CodingFilters => ({
  type: (query.filters.tipus ?? null) as CodedType | null,
  theme: query.filters.ambit ?? null,
  municipality: query.filters.municipi ?? null,
  codeId: isUuid(query.filters.codi) ? query.filters.codi : null,
  uncoded: query.filters["sense-codi"] === "1",
  q: query.q,
  from: query.from,
  to: query.to,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const query = readListQuery(url, CODING_SHAPE);
  const filters = filtersOf(query);
  const wanted = parseItem(url.searchParams.get(ITEM_PARAM));
  // The first uncoded one is read once, for the screen's link and the panel's "next uncoded".
  const firstUncoded = firstKey(context.db, { ...filters, uncoded: true });
  const [list, codes, left, current, first] = await Promise.all([
    codingList(context.db, filters, query.page),
    activeCodes(context.db),
    uncodedCount(context.db),
    wanted ? codingItem(context.db, wanted, filters, { firstUncoded }) : Promise.resolve(undefined),
    firstUncoded,
  ]);
  query.page = list.page;
  return {
    query,
    ...list,
    codes: codes.map(({ keywords: _, ...c }) => c),
    left,
    current: current ?? null,
    missing: wanted !== null && !current,
    firstUncoded: first,
    municipalities: MUNICIPALITY_NAMES,
  };
}

/** No filter: a suggestion answered on one contribution from the coding panel. */
const EVERYTHING: CodingFilters = {
  type: null,
  theme: null,
  municipality: null,
  codeId: null,
  uncoded: false,
  q: "",
  from: null,
  to: null,
};

const selection = (fields: Record<string, string>): Item[] =>
  Object.keys(fields)
    .filter((k) => k.startsWith("sel:"))
    .map((k) => parseItem(k.slice(4)))
    .filter((i): i is Item => i !== null);

export async function action({ request, context }: Pick<Route.ActionArgs, "request" | "context">) {
  const { user } = await requireAdmin(request, context);
  const { fields } = await readAdminForm(request, context, {});
  const intent = codingIntents.find((i) => i === fields.intent);
  if (!intent) return failed("Acció desconeguda", 400);
  const staff = { email: user.email };
  if (intent === "municipality") {
    // Staff set or correct where a contribution is about (issue 32, decision 076); empty clears it.
    const item = parseItem(fields.item);
    if (!item) return failed("Aportació no vàlida", 400);
    const wanted = (fields.municipality ?? "").trim() || null;
    try {
      const out = await context.db.transaction(async (tx) => {
        const change = await setMunicipality(tx, item, wanted);
        if (change.before !== change.after)
          await recordAudit(tx, { request, context }, user, {
            entity: "coding",
            entityId: itemKey(item),
            action: "set_municipality",
            before: { municipality: change.before ?? "" },
            after: { municipality: change.after ?? "" },
          });
        return change;
      });
      // A published map comment's place names its municipality on the public pages (decision 049).
      if (item.type === "map_comment" && out.before !== out.after) contentChanged(mapComments);
      return done(out.after ? `Municipi desat: ${out.after}` : "Municipi tret");
    } catch (err) {
      if (err instanceof CodingRefused) return failed(err.message, err.status);
      logActionError("coding", err);
      return failed("No s'ha pogut desar el municipi. Torna-ho a provar.", 500);
    }
  }
  const codeId = fields.codeId ?? "";
  if (!isUuid(codeId)) return failed(CODING_TEXTS.codeUnknown, 404);
  try {
    if (intent === "toggle") {
      const item = parseItem(fields.item);
      if (!item) return failed("Aportació no vàlida", 400);
      const { code, on } = await context.db.transaction(async (tx) => {
        const out = await toggleCode(tx, item, codeId, staff);
        await recordAudit(tx, { request, context }, user, {
          entity: "coding",
          entityId: itemKey(item),
          action: out.on ? "tag" : "untag",
          after: { label: out.code.name },
        });
        return out;
      });
      return done(on ? `Codi «${code.name}» afegit` : `Codi «${code.name}» tret`);
    }
    // bulk: the filters the list was shown with, from the form, and all of it or the ticked rows;
    // a suggestion's answer: one contribution (item), or the same as bulk.
    const op =
      intent === "accept" || intent === "reject" ? intent : (["add", "remove", "accept", "reject"] as const).find((o) => o === fields.op);
    if (!op) return failed("Tria què vols fer amb el codi", 400);
    const params = new URLSearchParams(Object.entries(fields).filter(([k]) => !k.startsWith("sel:")));
    const filters = filtersOf(readListQuery(new URL(`http://x/?${params}`), CODING_SHAPE));
    const one = fields.item !== undefined ? parseItem(fields.item) : undefined;
    if (one === null) return failed("Aportació no vàlida", 400);
    const items = one ? [one] : fields.scope === "all" ? undefined : selection(fields);
    if (op === "accept" || op === "reject") {
      const decided = await context.db.transaction(async (tx) => {
        const out = await decideSuggestions(tx, op, codeId, { filters: one ? { ...EVERYTHING } : filters, items }, staff);
        if (out.count > 0)
          await recordAudit(tx, { request, context }, user, {
            entity: "coding",
            entityId: one ? itemKey(one) : null,
            action: op === "accept" ? "accept_suggestion" : "reject_suggestion",
            after: { label: out.code.name, count: String(out.count), scope: one ? "one" : items ? "selection" : "filtered" },
          });
        return out;
      });
      if (decided.count === 0) return failed(CODING_TEXTS.noSuggestion, 409);
      const n = decided.count === 1 ? "1 suggeriment" : `${formatNumber(decided.count)} suggeriments`;
      return done(
        op === "accept"
          ? `${n} de «${decided.code.name}» acceptat${decided.count === 1 ? "" : "s"}`
          : `${n} de «${decided.code.name}» rebutjat${decided.count === 1 ? "" : "s"}`,
      );
    }
    const { code, count } = await context.db.transaction(async (tx) => {
      const out = await bulkCode(tx, op, codeId, { filters, items }, staff);
      if (out.count > 0)
        await recordAudit(tx, { request, context }, user, {
          entity: "coding",
          action: op === "add" ? "bulk_tag" : "bulk_untag",
          after: { label: out.code.name, count: String(out.count), scope: items ? "selection" : "filtered" },
        });
      return out;
    });
    if (count === 0) return failed(CODING_TEXTS.nothingToDo, 409);
    const n = count === 1 ? "1 aportació" : `${formatNumber(count)} aportacions`;
    return done(op === "add" ? `Codi «${code.name}» afegit a ${n}` : `Codi «${code.name}» tret de ${n}`);
  } catch (err) {
    if (err instanceof CodingRefused) return failed(err.message, err.status);
    logActionError("coding", err);
    return failed("No s'ha pogut desar la codificació. Torna-ho a provar.", 500);
  }
}
