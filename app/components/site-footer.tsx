import { Link } from "react-router";
import { resetConsent } from "~/lib/cookie-consent";
import type { PublicFooter } from "~/lib/footer";
import { InlineLinks } from "~/lib/inline-links";
import { FOOTER_NAV } from "~/lib/routes";

export function SiteFooter({ footer }: { footer: PublicFooter }) {
  return (
    <footer className="mt-16 bg-ink text-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-2">
        <div className="space-y-3">
          <p className="text-lg font-bold">Al Penedès, la bici ens mou!</p>
          <p className="whitespace-pre-line text-white/90">
            <InlineLinks text={footer.footerText} />
          </p>
        </div>
        {(footer.collaboratorsText || footer.logos.length > 0) && (
          <div className="space-y-3">
            {footer.collaboratorsText && (
              <p className="whitespace-pre-line text-white/90">
                <InlineLinks text={footer.collaboratorsText} />
              </p>
            )}
            <ul className="flex flex-wrap items-center gap-4">
              {footer.logos.map((logo) => {
                const img = (
                  <img src={logo.imageUrl} alt={logo.name} height={48} className="h-12 w-auto rounded bg-white p-1" loading="lazy" />
                );
                return (
                  <li key={logo.id}>
                    {logo.linkUrl ? (
                      <a href={logo.linkUrl} target="_blank" rel="noopener noreferrer">
                        {img}
                      </a>
                    ) : (
                      img
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </div>
      <nav aria-label="Enllaços del peu" className="border-t border-white/15">
        <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-4 text-sm">
          {FOOTER_NAV.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="underline-offset-2 hover:underline">
                {item.label}
              </Link>
            </li>
          ))}
          <li>
            <button type="button" onClick={resetConsent} className="underline-offset-2 hover:underline">
              Configurar Cookies
            </button>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
