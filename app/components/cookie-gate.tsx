import { lazy, Suspense, useEffect, useState } from "react";
import { applyMeasurementChoice, readConsent } from "~/lib/cookie-consent";

const CookieBanner = lazy(() => import("./cookie-banner"));
const BANNER_DELAY_MS = 1000;

/** Shows the cookie banner 1 s after load when no valid choice is stored. The banner's code is
 * fetched only then, so visitors who have chosen never download it. */
export function CookieGate() {
  const [show, setShow] = useState(false);
  useEffect(() => {
    const consent = readConsent(window.localStorage);
    // A choice stored before the server counted visits: its cookie is set now (decision 066).
    if (consent) return applyMeasurementChoice(consent.analytics);
    const timer = setTimeout(() => setShow(true), BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  );
}
