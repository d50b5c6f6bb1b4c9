import { lazy, Suspense, useEffect, useState } from "react";
import { readConsent } from "~/lib/cookie-consent";

const CookieBanner = lazy(() => import("./cookie-banner"));
const BANNER_DELAY_MS = 1000;

/** Shows the cookie banner 1 s after load when no valid choice is stored. The banner's code is
 * fetched only then, so visitors who have chosen never download it. */
export function CookieGate() {
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (readConsent(window.localStorage)) return;
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
