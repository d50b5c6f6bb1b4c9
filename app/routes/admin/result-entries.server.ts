import { asc, desc, eq } from "drizzle-orm";
import type { Route } from "./+types/result-entries";
import type { Db } from "~/db/client.server";
import { resultEntries, results } from "~/db/schema";
import { acceptImage, UPLOADS } from "~/domain/uploads";
import { imageSrcSet, imageVariantUrl } from "~/lib/images";
import { RESULT_TEXTS, resultEntrySchema } from "~/lib/results";
import { capturingHeads, imageSize } from "~/models/admin.server";
import { entityAction, invalid, refuse, type EntitySpec } from "~/models/admin-entity.server";
import { queueResultNews } from "~/models/result-follows.server";
import { requireAdmin } from "~/infra/session.server";

// The dated timeline of each result (issue 35, decision 067): "Aprovat el projecte", "Inici
// d'obres", each with an optional photo through the image pipeline (the variants of /media).

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = context;
  const [rows, list] = await Promise.all([
    db
      .select({ entry: resultEntries, result: results.title })
      .from(resultEntries)
      .innerJoin(results, eq(results.id, resultEntries.resultId))
      .orderBy(desc(resultEntries.date), desc(resultEntries.createdAt)),
    db.select({ id: results.id, title: results.title }).from(results).orderBy(asc(results.title)),
  ]);
  return {
    entries: rows.map(({ entry, result }) => ({
      ...entry,
      result,
      image: entry.imageKey ? { src: imageVariantUrl(entry.imageKey, 480), srcSet: imageSrcSet(entry.imageKey, 800) } : null,
    })),
    results: list,
  };
}

const SAVE_FAILED = "No s'ha pogut desar la fita";

/** An entry's writes; heads holds the first bytes of each upload, for its width and height. */
const entry = (db: Db, heads: Map<string, Buffer>): EntitySpec<"image"> => ({
  name: "result entry",
  table: resultEntries,
  fileKey: "imageKey",
  allow: ["create", "update", "delete"],
  // A new entry is news for the result's followers (decision 069), queued with it.
  async afterWrite(tx, { intent, id, values }) {
    if (intent === "create") await queueResultNews(tx, values.resultId as string, { entryId: id });
  },
  files: { image: { maxBytes: UPLOADS.photo.maxBytes, prefix: "results", accept: acceptImage } },
  uploadTexts: { ...UPLOADS.photo.messages, other: "No s'ha pogut pujar la imatge" },
  texts: {
    created: "Fita afegida correctament",
    updated: "Fita actualitzada correctament",
    deleted: "Fita eliminada correctament",
    failed: (intent, why, err) => {
      const e = err as { code?: string; cause?: { code?: string } } | undefined;
      if (e?.code === "23503" || e?.cause?.code === "23503") return RESULT_TEXTS.resultUnknown;
      if (why === "not_found") return "Aquesta fita ja no existeix. Torna a carregar la pàgina.";
      return intent === "delete" ? "No s'ha pogut eliminar la fita" : SAVE_FAILED;
    },
  },
  async values({ fields, files: { image } }) {
    const parsed = resultEntrySchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error);
    if ((await db.$count(results, eq(results.id, parsed.data.resultId))) === 0)
      return refuse(RESULT_TEXTS.resultUnknown, { resultId: RESULT_TEXTS.resultUnknown });
    // The photo is optional: an edit without one keeps the entry's.
    if (!image) return parsed.data;
    const size = await imageSize(heads.get(image.key));
    if (size.width === null) return refuse(UPLOADS.photo.messages.bad_type, { image: UPLOADS.photo.messages.bad_type });
    return { ...parsed.data, imageKey: image.key, ...size };
  },
});

export async function action({ request, context }: Route.ActionArgs) {
  const capture = capturingHeads(context.storage);
  return entityAction(request, { ...context, storage: capture.storage }, entry(context.db, capture.heads));
}
