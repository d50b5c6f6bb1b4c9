import { mapCategoryKey, type PublicMapComment, type PublicMapLayer } from "~/domain/map";
import { useLocale, useT } from "~/i18n/react";
import { formatShortDate } from "~/lib/dates";

/** The map as a list (issue 17): the comments and the network's segments, each with its
 * municipality, so that nothing on the map is reachable only by pointing. Server-rendered. */
export function MapList({ layers, comments, id = "llista" }: { layers: PublicMapLayer[]; comments: PublicMapComment[]; id?: string }) {
  const segments = layers.flatMap((l) => l.segments.map((s) => ({ ...s, layer: l.name })));
  const t = useT();
  const locale = useLocale();
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t("public.map.list.title")}
      </h2>
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="mb-2 font-bold">{t("public.map.list.commentsCount", { n: comments.length })}</h3>
          {comments.length === 0 ? (
            <p>{t("public.map.list.noComments")}</p>
          ) : (
            <ul className="flex max-h-[28rem] flex-col gap-2 overflow-y-auto pr-1" tabIndex={0} aria-label={t("public.map.list.comments")}>
              {comments.map((c) => (
                <li key={c.id} className="rounded-md border border-ink/10 bg-white p-3 text-sm">
                  <p className="font-semibold">
                    {t(c.category ? mapCategoryKey(c.category) : "public.map.comment")}
                    {c.municipality && ` · ${c.municipality}`}
                    {c.segmentName && ` · ${c.segmentName}`}
                  </p>
                  {/* A visitor's words and the network's names stay as written, in Catalan (WCAG 3.1.2). */}
                  <p lang={locale === "ca" ? undefined : "ca"} className="whitespace-pre-line">
                    {c.comment}
                  </p>
                  <p className="text-ink/75">{formatShortDate(c.createdAt, locale)}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="mb-2 font-bold">{t("public.map.list.segmentsCount", { n: segments.length })}</h3>
          {segments.length === 0 ? (
            <p>{t("public.map.list.noSegments")}</p>
          ) : (
            <ul className="flex max-h-[28rem] flex-col gap-2 overflow-y-auto pr-1" tabIndex={0} aria-label={t("public.map.list.segments")}>
              {segments.map((s) => (
                <li key={s.ref} className="rounded-md border border-ink/10 bg-white p-3 text-sm">
                  <p className="font-semibold">{s.name}</p>
                  <p>
                    {s.layer} · {s.municipality}
                    {s.status && ` · ${s.status}`}
                    {s.lengthKm !== null && ` · ${t("public.map.km", { km: s.lengthKm })}`}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
