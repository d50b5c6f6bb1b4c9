import { RichText, useT } from "~/i18n/react";

export const HASHTAG = "penedeslabiciensmou";
export const HASHTAG_URL = `https://www.instagram.com/explore/tags/${HASHTAG}/`;

/** The social-media call with the campaign hashtag. */
export function SocialSection() {
  const t = useT();
  return (
    <section aria-labelledby="xarxes-title" className="bg-brand-soft">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-12 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="xarxes-title" className="text-2xl font-extrabold text-brand-dark md:text-3xl">
            {t("public.social.title")}
          </h2>
          <p className="mt-2 text-lg">
            <RichText
              text={t("public.social.text", { hashtag: HASHTAG })}
              parts={{
                // The campaign's hashtag is Catalan in every language (WCAG 3.1.2).
                tag: (s) => (
                  <strong lang="ca" className="text-brand-dark">
                    {s}
                  </strong>
                ),
              }}
            />
          </p>
        </div>
        <a
          href={HASHTAG_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex rounded-md bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none"
        >
          <RichText text={t("public.social.see", { hashtag: HASHTAG })} parts={{ tag: (s) => <span lang="ca">{s}</span> }} />
          <span className="sr-only"> {t("public.common.opensNewTab")}</span>
        </a>
      </div>
    </section>
  );
}
