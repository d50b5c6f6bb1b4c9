export const HASHTAG = "penedeslabiciensmou";
export const HASHTAG_URL = `https://www.instagram.com/explore/tags/${HASHTAG}/`;

/** The social-media call with the campaign hashtag. */
export function SocialSection() {
  return (
    <section aria-labelledby="xarxes-title" className="bg-brand-soft">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-12 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="xarxes-title" className="text-2xl font-extrabold text-brand-dark md:text-3xl">
            Comparteix-ho a les xarxes
          </h2>
          <p className="mt-2 text-lg">
            Fes-te una foto amb la bici i etiqueta-la amb <strong className="text-brand-dark">#{HASHTAG}</strong>.
          </p>
        </div>
        <a
          href={HASHTAG_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex rounded-md bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none"
        >
          Veure #{HASHTAG}
          <span className="sr-only"> (s'obre en una pestanya nova)</span>
        </a>
      </div>
    </section>
  );
}
