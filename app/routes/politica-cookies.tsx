import { LegalPage } from "~/components/site/legal-page";
import { Button } from "~/components/ui/button";
import type { ClientKey } from "~/i18n/catalogue";
import { useT } from "~/i18n/react";
import { resetConsent } from "~/lib/cookie-consent";

/** The table's rows: a type of cookie, what it is for, how long it lasts. */
const COOKIES: readonly (readonly [type: ClientKey, purpose: ClientKey, duration: ClientKey])[] = [
  ["public.cookies.necessary", "public.cookies.policy.necessaryPurpose", "public.cookies.policy.necessaryDuration"],
  ["public.cookies.functional", "public.cookies.functionalText", "public.cookies.policy.functionalDuration"],
  ["public.cookies.analytics", "public.cookies.policy.analyticsPurpose", "public.cookies.policy.analyticsDuration"],
];

const HEADINGS: readonly ClientKey[] = ["public.cookies.policy.type", "public.cookies.policy.purpose", "public.cookies.policy.duration"];

export default function CookiePolicy() {
  const t = useT();
  return (
    <LegalPage title={t("public.nav.cookies")} updated={t("public.cookies.policy.updated")}>
      <h2>{t("public.cookies.policy.whatTitle")}</h2>
      <p>{t("public.cookies.policy.what")}</p>
      <h2>{t("public.cookies.policy.whichTitle")}</h2>
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{t("public.cookies.policy.caption")}</caption>
        <thead>
          <tr className="border-b border-ink/20">
            {HEADINGS.map((heading) => (
              <th key={heading} scope="col" className="py-2 pr-4 last:pr-0">
                {t(heading)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {COOKIES.map(([type, purpose, duration]) => (
            <tr key={type} className="border-b border-ink/10 align-top">
              <th scope="row" className="py-2 pr-4 font-semibold">
                {t(type)}
              </th>
              <td className="py-2 pr-4">{t(purpose)}</td>
              <td className="py-2">{t(duration)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t("public.cookies.policy.measureTitle")}</h2>
      <p>{t("public.cookies.policy.measure")}</p>
      <p>{t("public.cookies.policy.measureVisitors")}</p>
      <p>{t("public.cookies.policy.measureBasis")}</p>
      <h2>{t("public.cookies.policy.changeTitle")}</h2>
      <p>{t("public.cookies.policy.change")}</p>
      <Button className="mt-4" onClick={resetConsent}>
        {t("public.shell.cookieSettings")}
      </Button>
    </LegalPage>
  );
}
