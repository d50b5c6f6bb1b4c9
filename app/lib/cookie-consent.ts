import { z } from "zod";

export const CONSENT_KEY = "cookie-consent";

export const consentSchema = z.object({
  necessary: z.literal(true),
  functional: z.boolean(),
  analytics: z.boolean(),
  timestamp: z.string().refine((s) => !Number.isNaN(Date.parse(s))),
});
export type CookieConsent = z.infer<typeof consentSchema>;

/** The stored choice, or null when there is none or it is not valid (the banner shows again). */
export function readConsent(storage: Pick<globalThis.Storage, "getItem">): CookieConsent | null {
  try {
    const raw = storage.getItem(CONSENT_KEY);
    if (!raw) return null;
    const parsed = consentSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveConsent(storage: Pick<globalThis.Storage, "setItem">, choice: { functional: boolean; analytics: boolean }) {
  const record: CookieConsent = { necessary: true, ...choice, timestamp: new Date().toISOString() };
  storage.setItem(CONSENT_KEY, JSON.stringify(record));
  return record;
}

/** 'Configurar Cookies': forget the choice and reload, so the banner asks again. */
export function resetConsent() {
  window.localStorage.removeItem(CONSENT_KEY);
  window.location.reload();
}
