import { Link } from "react-router";
import { resetConsent } from "~/lib/cookie-consent";
import { DEFAULT_COLLABORATORS, type PublicFooter } from "~/lib/footer";
import { InlineMarkdown } from "~/lib/inline-markdown";
import { useLocale, useT } from "~/i18n/react";
import { footerNav, localePaths, SITE_NAME } from "~/lib/routes";

const FOOTER_TARGET = "inline-flex min-h-11 items-center underline-offset-2 hover:underline";

export function SiteFooter({ footer }: { footer: PublicFooter }) {
  const t = useT();
  const locale = useLocale();
  return (
    <footer className="mt-16 bg-ink text-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-2">
        <div className="space-y-3">
          <p lang="ca" className="text-lg font-bold">
            {SITE_NAME}
          </p>
          <p lang={footer.footerText.lang} className="whitespace-pre-line text-white/90">
            <InlineMarkdown text={footer.footerText.text} />
          </p>
        </div>
        <div className="space-y-3">
          {footer.collaboratorsText && (
            <p lang={footer.collaboratorsText.lang} className="whitespace-pre-line text-white/90">
              <InlineMarkdown text={footer.collaboratorsText.text} />
            </p>
          )}
          {footer.logos.length === 0 ? (
            // A new site has no logos yet: the campaign's partners' image (spec §1), by default.
            <img
              src={DEFAULT_COLLABORATORS.src}
              alt={t("public.footer.collaboratorsAlt")}
              width={1720}
              height={200}
              loading="lazy"
              className="h-auto w-full max-w-md rounded-lg bg-white p-2"
            />
          ) : (
            <ul className="flex flex-wrap items-center gap-3">
              {footer.logos.map((logo) => {
                const img = (
                  <img
                    src={logo.imageUrl}
                    alt={logo.name}
                    height={56}
                    className="h-14 w-auto rounded-lg bg-white px-2 py-1"
                    loading="lazy"
                  />
                );
                return (
                  <li key={logo.id}>
                    {logo.linkUrl ? (
                      <a href={logo.linkUrl} target="_blank" rel="noopener noreferrer" className="block rounded-lg">
                        {img}
                      </a>
                    ) : (
                      img
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </div>
      <nav aria-label={t("public.shell.footerNav")} className="border-t border-white/15">
        {/* Each link a 44 px target (issue 27, item 12). */}
        <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-6 px-4 py-2 text-sm">
          {footerNav(locale).map((item) => (
            <li key={item.to}>
              <Link to={item.to} className={FOOTER_TARGET}>
                {t(item.label)}
              </Link>
            </li>
          ))}
          {/* Help in the same place on every page (WCAG 3.2.6): the statement's contact form. */}
          <li>
            <Link to={`${localePaths(locale).accessibility}#contacte`} className={FOOTER_TARGET}>
              {t("public.shell.help")}
            </Link>
          </li>
          <li>
            <button type="button" onClick={resetConsent} className={FOOTER_TARGET}>
              {t("public.shell.cookieSettings")}
            </button>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
