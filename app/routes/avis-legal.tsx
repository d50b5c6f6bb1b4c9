import { LegalPage } from "~/components/site/legal-page";
import { RichText, useLocale, useT } from "~/i18n/react";
import { localePaths } from "~/lib/routes";
import { Link, useLocation } from "react-router";

/** The legal notice and privacy policy; at the privacy policy's address, the privacy part alone. */
export default function LegalNotice() {
  const t = useT();
  const paths = localePaths(useLocale());
  const privacyOnly = useLocation().pathname.startsWith(paths.privacy);
  const parts = {
    // The campaign's name is Catalan in every language (WCAG 3.1.2).
    campaign: (name: string) => <span lang="ca">{name}</span>,
    strong: (text: string) => <strong>{text}</strong>,
  };
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
      <h2>{t("public.legal.controllerTitle")}</h2>
      <p>{t("public.legal.controller")}</p>
      <h2>{t("public.legal.dataTitle")}</h2>
      <ul>
        <li>{t("public.legal.dataContributions")}</li>
        <li>{t("public.legal.dataEmail")}</li>
      </ul>
      <p>{t("public.legal.retention")}</p>
      <h2>{t("public.legal.rightsTitle")}</h2>
      <p>
        <RichText text={t("public.legal.rights")} parts={parts} />
      </p>
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
      <p>{t("public.legal.complaint")}</p>
    </LegalPage>
  );
}
