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

/** The cookie that tells the server not to count this browser's visits (server/measure.ts): set
 * while the stored choice says no to analytics, the only cookie the measurement ever reads. */
export const NO_MEASURE_COOKIE = "pb_sense_mesura";
/** Two years, as the cookie policy says of the analytics row. */
const NO_MEASURE_SECONDS = 2 * 365 * 24 * 3600;

/** The cookie string that records a choice about being counted (document.cookie takes one at a time). */
export function measurementCookie(analytics: boolean, secure: boolean): string {
  const value = analytics ? `${NO_MEASURE_COOKIE}=; Max-Age=0` : `${NO_MEASURE_COOKIE}=1; Max-Age=${NO_MEASURE_SECONDS}`;
  return `${value}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Tells the server, by its cookie, whether this browser may be counted (the browser only). */
export function applyMeasurementChoice(analytics: boolean) {
  if (typeof document === "undefined") return;
  const refused = document.cookie.split(/;\s*/).includes(`${NO_MEASURE_COOKIE}=1`);
  if (refused !== !analytics) document.cookie = measurementCookie(analytics, window.location.protocol === "https:");
}

export function saveConsent(storage: Pick<globalThis.Storage, "setItem">, choice: { functional: boolean; analytics: boolean }) {
  const record: CookieConsent = { necessary: true, ...choice, timestamp: new Date().toISOString() };
  storage.setItem(CONSENT_KEY, JSON.stringify(record));
  applyMeasurementChoice(choice.analytics);
  return record;
}

/** 'Configurar Cookies': forget the choice and reload, so the banner asks again. */
export function resetConsent() {
  window.localStorage.removeItem(CONSENT_KEY);
  applyMeasurementChoice(true);
  window.location.reload();
}
