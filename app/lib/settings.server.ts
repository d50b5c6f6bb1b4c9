import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import type { EmbedSettings } from "./admin-schemas";

export async function getSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const row = await db.query.siteSettings.findFirst({ where: eq(siteSettings.key, key) });
  return row?.value as T | undefined;
}

/** SESSION_SECRET when given; otherwise one generated once and shared by every instance. */
export async function resolveSessionSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(siteSettings)
    .values({ key: "session_secret", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const secret = await getSetting<string>(db, "session_secret");
  if (!secret) throw new Error("No s'ha pogut obtenir el secret de sessió.");
  return secret;
}

/** The site settings that hold the map and questionnaire addresses (set at /admin/settings). */
export const EMBED_KEYS = {
  mapEmbedUrl: "map_embed_url",
  mapFullUrl: "map_full_url",
  questionnaireUrl: "questionnaire_url",
} as const satisfies Record<keyof EmbedSettings, string>;
const embedFields = Object.keys(EMBED_KEYS) as (keyof EmbedSettings)[];

/** The stored addresses as they are (null when not set). Throws when the database does. */
export async function readEmbedSettings(db: Db): Promise<EmbedSettings> {
  const rows = await db
    .select()
    .from(siteSettings)
    .where(inArray(siteSettings.key, Object.values(EMBED_KEYS)));
  const value = (key: string) => {
    const v = rows.find((r) => r.key === key)?.value;
    return typeof v === "string" && v !== "" ? v : null;
  };
  return Object.fromEntries(embedFields.map((f) => [f, value(EMBED_KEYS[f])])) as unknown as EmbedSettings;
}

/** Stores the three addresses at once (an empty one removes its row): all or nothing. */
export async function saveEmbedSettings(db: Db, values: EmbedSettings): Promise<void> {
  await db.transaction(async (tx) => {
    for (const field of embedFields) {
      const key = EMBED_KEYS[field];
      const value = values[field];
      if (value === null) await tx.delete(siteSettings).where(eq(siteSettings.key, key));
      else
        await tx
          .insert(siteSettings)
          .values({ key, value })
          .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
    }
  });
}
