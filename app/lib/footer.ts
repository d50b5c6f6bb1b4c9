// The public footer's shape and its default, shared by the server's read and the pages (the
// error page shows the default when the footer could not be read).

import type { Localized } from "./translations";

export const DEFAULT_FOOTER_TEXT = "Projecte impulsat pel Consell Comarcal del Penedès";

/** The footer's texts are the staff's, in the page's language or in Catalan marked so (decision 062). */
export interface PublicFooter {
  footerText: Localized;
  collaboratorsText: Localized | null;
  logos: { id: string; name: string; imageUrl: string; linkUrl: string | null }[];
}

export const DEFAULT_FOOTER: PublicFooter = { footerText: { text: DEFAULT_FOOTER_TEXT, lang: "ca" }, collaboratorsText: null, logos: [] };

/** The collaborators' image a site shows while staff have added no logo (public/images/, written
 * by `npm run scenes` from app/seed/marks.ts); its text, in the page's language, is the catalogue's
 * public.footer.collaboratorsAlt. */
export const DEFAULT_COLLABORATORS = { src: "/images/collaborators.svg" };
