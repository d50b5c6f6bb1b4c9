export const CONSENT_KEY = "cookie-consent";

/** The stored choice (spec §3): necessary is always true, with the time of the choice. */
export interface CookieConsent {
  necessary: true;
  functional: boolean;
  analytics: boolean;
  timestamp: string;
}

// Checked by hand rather than with Zod: this runs on every page, and the bytes matter.
function isConsent(value: unknown): value is CookieConsent {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.necessary === true &&
    typeof v.functional === "boolean" &&
    typeof v.analytics === "boolean" &&
    typeof v.timestamp === "string" &&
    !Number.isNaN(Date.parse(v.timestamp))
  );
}

/** The stored choice, or null when there is none or it is not valid (the banner shows again). */
export function readConsent(storage: Pick<globalThis.Storage, "getItem">): CookieConsent | null {
  try {
    const raw = storage.getItem(CONSENT_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isConsent(parsed) ? parsed : null;
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
