// The public footer's shape and its default, shared by the server's read and the pages (the
// error page shows the default when the footer could not be read).

export const DEFAULT_FOOTER_TEXT = "Projecte impulsat pel Consell Comarcal del Penedès";

export interface PublicFooter {
  footerText: string;
  collaboratorsText: string;
  logos: { id: string; name: string; imageUrl: string; linkUrl: string | null }[];
}

export const DEFAULT_FOOTER: PublicFooter = { footerText: DEFAULT_FOOTER_TEXT, collaboratorsText: "", logos: [] };

/** The collaborators' image a site shows while staff have added no logo (public/images/, written
 * by `npm run scenes` from app/seed/marks.ts); its text, in the page's language, is the catalogue's
 * public.footer.collaboratorsAlt. */
export const DEFAULT_COLLABORATORS = { src: "/images/collaborators.svg" };
