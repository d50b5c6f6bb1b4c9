import type { Route } from "./+types/accessibility";
import { LegalPage } from "~/components/site/legal-page";
import { AccessibilityRequestForm } from "~/components/participation/accessibility-request-form";
import { useLocale, useT } from "~/i18n/react";
import { INTL_LOCALE } from "~/i18n/locales";
import { Markdown } from "~/lib/markdown";
import { CHECKED_CRITERIA } from "~/lib/accessibility-criteria";
import { readStatement } from "~/models/accessibility.server";

// The accessibility statement (issue 33; RD 1112/2018, art. 17): the model's sections, in the
// page's language; the parts staff write (in Catalan, marked so) from the back office.

export async function loader({ context }: Route.LoaderArgs) {
  return { statement: await readStatement(context.db) };
}

/** A calendar date (yyyy-MM-dd) in the page's language, never moved a day by a time zone. */
function day(isoDate: string, locale: ReturnType<typeof useLocale>) {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(y!, m! - 1, d!)),
  );
}

export default function AccessibilityStatement({ loaderData }: Route.ComponentProps) {
  const { statement } = loaderData;
  const t = useT();
  const locale = useLocale();
  // Staff's parts are Catalan: said so (WCAG 3.1.2) wherever the page is in another language.
  const staff = locale === "ca" ? undefined : "ca";
  const part = (text: string) => (
    <div lang={staff}>
      <Markdown>{text}</Markdown>
    </div>
  );
  return (
    <LegalPage title={t("public.accessibility.title")}>
      <p>{t("public.accessibility.intro")}</p>
      <h2>{t("public.accessibility.compliance.heading")}</h2>
      <p>{t(`public.accessibility.compliance.${statement.compliance}`)}</p>
      <h2>{t("public.accessibility.nonAccessible.heading")}</h2>
      <p>{t("public.accessibility.nonAccessible.intro")}</p>
      {staff && <p className="text-sm text-ink/75">{t("public.accessibility.staffLanguage")}</p>}
      <h3 className="mt-6 font-bold">{t("public.accessibility.nonCompliance.heading")}</h3>
      {part(statement.nonCompliance)}
      <h3 className="mt-6 font-bold">{t("public.accessibility.burden.heading")}</h3>
      {part(statement.burden)}
      <h3 className="mt-6 font-bold">{t("public.accessibility.outOfScope.heading")}</h3>
      {part(statement.outOfScope)}
      <h2>{t("public.accessibility.preparation.heading")}</h2>
      <p>{t("public.accessibility.preparation.prepared", { date: day(statement.preparedOn, locale) })}</p>
      <p>{t("public.accessibility.preparation.method")}</p>
      {part(statement.method)}
      <p>{t("public.accessibility.preparation.reviewed", { date: day(statement.reviewedOn, locale) })}</p>
      <h3 className="mt-6 font-bold">{t("public.accessibility.criteria.heading")}</h3>
      <p>{t("public.accessibility.criteria.intro")}</p>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{t("public.accessibility.criteria.caption")}</caption>
          <thead>
            <tr className="border-b-2 border-ink/20">
              <th scope="col" className="p-2">
                {t("public.accessibility.criteria.col.criterion")}
              </th>
              <th scope="col" className="p-2">
                {t("public.accessibility.criteria.col.level")}
              </th>
              <th scope="col" className="p-2">
                {t("public.accessibility.criteria.col.result")}
              </th>
              <th scope="col" className="p-2">
                {t("public.accessibility.criteria.col.how")}
              </th>
            </tr>
          </thead>
          <tbody>
            {CHECKED_CRITERIA.map((c) => (
              <tr key={c.key} className="border-b border-ink/10 align-top">
                <th scope="row" className="p-2 font-semibold">
                  {c.number && <span className="whitespace-nowrap">{c.number} </span>}
                  {t(`public.accessibility.criteria.${c.key}.name`)}
                </th>
                <td className="p-2">{c.level}</td>
                <td className="p-2 font-semibold">{t(`public.accessibility.criteria.result.${c.result}`)}</td>
                <td className="p-2">{t(`public.accessibility.criteria.${c.key}.how`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* The footer's "Ajuda i contacte" on every page leads here (WCAG 3.2.6); clear of the sticky header. */}
      <h2 id="contacte" className="scroll-mt-24">
        {t("public.accessibility.contact.heading")}
      </h2>
      <p>{t("public.accessibility.contact.text")}</p>
      <p>
        {t("public.accessibility.contact.unit")} <span lang={staff}>{statement.unit}</span>
      </p>
      <section aria-labelledby="accessibility-request-title" className="my-6 rounded-lg bg-brand-soft p-4 sm:p-6">
        <h3 id="accessibility-request-title" className="text-xl font-bold text-brand-dark">
          {t("forms.accessibilityRequest.title")}
        </h3>
        <p className="mb-4">{t("forms.accessibilityRequest.lead")}</p>
        <AccessibilityRequestForm headingLevel="h3" />
      </section>
      <h2>{t("public.accessibility.complaint.heading")}</h2>
      <p>{t("public.accessibility.complaint.text")}</p>
    </LegalPage>
  );
}
