import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import type { EmbedSettings } from "~/lib/admin-schemas";

export async function getSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const row = await db.query.siteSettings.findFirst({ where: eq(siteSettings.key, key) });
  return row?.value as T | undefined;
}

/** These settings' stored values, by key (a key not stored is not in the map). Throws when the database does. */
export async function readSettings(db: Db, keys: readonly string[]): Promise<Map<string, unknown>> {
  const rows = await db
    .select()
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...keys]));
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** A text setting as the pages use it: null when not set or empty. */
export const textSetting = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/** Stores one setting (inserted or replaced). */
export async function putSetting(db: Pick<Db, "insert">, key: string, value: unknown): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
}

/** Stores these settings at once, all or nothing; a null one removes its row. */
export async function saveSettings(db: Db, values: Record<string, string | null>): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === null) await tx.delete(siteSettings).where(eq(siteSettings.key, key));
      else await putSetting(tx, key, value);
    }
  });
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

/** The site settings that hold the map and questionnaire addresses (set at /admin/configuracio). */
export const EMBED_KEYS = {
  mapEmbedUrl: "map_embed_url",
  mapFullUrl: "map_full_url",
  questionnaireUrl: "questionnaire_url",
} as const satisfies Record<keyof EmbedSettings, string>;
const embedFields = Object.keys(EMBED_KEYS) as (keyof EmbedSettings)[];

/** The stored addresses as they are (null when not set). Throws when the database does. */
export async function readEmbedSettings(db: Db): Promise<EmbedSettings> {
  const stored = await readSettings(db, Object.values(EMBED_KEYS));
  return Object.fromEntries(embedFields.map((f) => [f, textSetting(stored.get(EMBED_KEYS[f]))])) as unknown as EmbedSettings;
}

/** Stores the three addresses at once (an empty one removes its row): all or nothing. */
export function saveEmbedSettings(db: Db, values: EmbedSettings): Promise<void> {
  return saveSettings(db, Object.fromEntries(embedFields.map((f) => [EMBED_KEYS[f], values[f]])));
}
