import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { activities, footerLogos } from "~/db/schema";
import { safeHref } from "./inline-links";
import { errorFields, log } from "./log.server";
import { mediaUrl } from "./storage.server";

export const DEFAULT_FOOTER_TEXT = "Projecte impulsat pel Consell Comarcal del Penedès";

/** A public read that fails is logged and the page shows its default instead of a 500. */
export async function publicRead<T>(what: string, read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch (err) {
    log("error", "public read failed", { what, ...errorFields(err) });
    return fallback;
  }
}

export interface PublicFooter {
  footerText: string;
  collaboratorsText: string;
  logos: { id: string; name: string; imageUrl: string; linkUrl: string | null }[];
}

export function getFooter(db: Db): Promise<PublicFooter> {
  return publicRead(
    "footer",
    async () => {
      const [config, logos] = await Promise.all([
        db.query.footerConfig.findFirst(),
        db.select().from(footerLogos).where(eq(footerLogos.isActive, true)).orderBy(asc(footerLogos.position), asc(footerLogos.createdAt)),
      ]);
      return {
        footerText: config?.footerText ?? DEFAULT_FOOTER_TEXT,
        collaboratorsText: config?.collaboratorsText ?? "",
        logos: logos.map((l) => ({
          id: l.id,
          name: l.name,
          imageUrl: mediaUrl(l.imageKey),
          linkUrl: l.linkUrl ? safeHref(l.linkUrl) : null,
        })),
      };
    },
    { footerText: DEFAULT_FOOTER_TEXT, collaboratorsText: "", logos: [] },
  );
}

export function listActivities(db: Db) {
  return publicRead("activities", () => db.select().from(activities).orderBy(asc(activities.date), asc(activities.createdAt)), []);
}
