import type { Route } from "./+types/avis-legal";
import type { ReactNode } from "react";
import { LegalPage } from "~/components/site/legal-page";
import { RichText, useLocale, useT } from "~/i18n/react";
import { localePaths } from "~/lib/routes";
import { Markdown } from "~/lib/markdown";
import type { LegalPart } from "~/lib/legal";
import { readLegalPage } from "~/models/legal.server";
import { Link, useLocation } from "react-router";

// The legal notice and privacy policy (issue 34, decision 071): the data-protection parts are the
// catalogue's, in the page's language, until staff write their own at /admin/avis-legal (shown in
// Catalan, and marked so); the retention period is the retention setting's.

export async function loader({ context }: Route.LoaderArgs) {
  return readLegalPage(context.db);
}

/** The legal notice and privacy policy; at the privacy policy's address, the privacy part alone. */
export default function LegalNotice({ loaderData }: Route.ComponentProps) {
  const { notice, retentionMonths } = loaderData;
  const t = useT();
  const locale = useLocale();
  const paths = localePaths(locale);
  const privacyOnly = useLocation().pathname.startsWith(paths.privacy);
  const parts = {
    // The campaign's name is Catalan in every language (WCAG 3.1.2).
    campaign: (name: string) => <span lang="ca">{name}</span>,
    strong: (text: string) => <strong>{text}</strong>,
  };
  // Staff's parts are Catalan: said so (WCAG 3.1.2) wherever the page is in another language.
  const staffLang = locale === "ca" ? undefined : "ca";
  const part = (name: LegalPart, fallback: ReactNode) =>
    notice[name] === null ? (
      fallback
    ) : (
      <div lang={staffLang}>
        <Markdown>{notice[name]}</Markdown>
      </div>
    );
  const anyStaff = staffLang && Object.values(notice).some((v) => v !== null);
  return (
    <LegalPage title={t(privacyOnly ? "public.seo.privacy.title" : "public.seo.legal.title")}>
      {!privacyOnly && (
        <>
          <h2>{t("public.legal.ownerTitle")}</h2>
          <p>
            <RichText text={t("public.legal.owner")} parts={parts} />
          </p>
          <h2>{t("public.legal.termsTitle")}</h2>
          <p>{t("public.legal.terms")}</p>
        </>
      )}
      {anyStaff && <p className="mt-6 text-sm text-ink/75">{t("public.legal.staffLanguage")}</p>}
      <h2>{t("public.legal.controllerTitle")}</h2>
      {part("controller", <p>{t("public.legal.controller")}</p>)}
      <h2>{t("public.legal.dpoTitle")}</h2>
      {part("dpo", <p>{t("public.legal.dpo")}</p>)}
      <h2>{t("public.legal.dataTitle")}</h2>
      {part(
        "purposes",
        <ul>
          <li>{t("public.legal.dataContributions")}</li>
          <li>{t("public.legal.dataEmail")}</li>
        </ul>,
      )}
      <p>{t("public.legal.retention", { months: retentionMonths })}</p>
      <h2>{t("public.legal.basesTitle")}</h2>
      {part("legalBases", <p>{t("public.legal.bases")}</p>)}
      <h2>{t("public.legal.recipientsTitle")}</h2>
      {part("recipients", <p>{t("public.legal.recipients")}</p>)}
      <h2>{t("public.legal.rightsTitle")}</h2>
      {part(
        "rights",
        <>
          <p>
            <RichText text={t("public.legal.rights")} parts={parts} />
          </p>
          <p>{t("public.legal.complaint")}</p>
        </>,
      )}
      <p>
        <RichText
          text={t("public.legal.rightsForm")}
          parts={{
            link: (words: string) => (
              <Link to={paths.rightsRequest} className="font-semibold underline">
                {words}
              </Link>
            ),
          }}
        />
      </p>
      {!privacyOnly && (
        <>
          <h2>{t("public.legal.reuseTitle")}</h2>
          {part("reuse", <p>{t("public.legal.reuse")}</p>)}
        </>
      )}
    </LegalPage>
  );
}
