import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { siteSettings } from "~/db/schema";

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
