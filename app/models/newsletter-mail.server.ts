import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Markdown } from "~/lib/markdown";
import { translator } from "~/i18n/catalogues.server";
import type { Locale } from "~/i18n/locales";
import { OF_SITE_NAME, SITE_NAME } from "~/lib/seo";
import { translationOf, type Translations } from "~/lib/translations";

// The newsletter's e-mails as HTML and text: the confirmation of a subscription, and each issue
// (rendered from its Markdown as the site renders it). The data modules (newsletter.server.ts,
// newsletter-send.server.ts) hand their texts here and send what comes back.

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Escaped for an element's text (quotes need none there). */
const escapeText = (s: string) => s.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);

export interface NewsletterDraft {
  subject: string;
  /** Markdown. */
  body: string;
  /** Its Spanish and English subject and body (decision 062). */
  translations?: Translations;
}

/** The body's HTML, as the site renders Markdown (the same sanitizer as the preview), made fit for
 * a mail client: links to this site's paths made absolute, no screen-reader-only hints (a mail
 * client has no stylesheet to hide them). Rendered once per issue, not per message. */
export function renderBody(publicUrl: string, markdown: string): string {
  return renderToStaticMarkup(createElement(Markdown, { children: markdown }))
    .replace(/<span class="sr-only">[^<]*<\/span>/g, "")
    .replace(/ href="\//g, ` href="${publicUrl}/`);
}

/** The campaign's name as each language writes it after "of" / "de" (Catalan elides it: "d'Al
 * Penedès…"); the name itself is Catalan in every language. */
const OF_SITE: Record<Locale, string> = { ca: OF_SITE_NAME, es: `de ${SITE_NAME}`, en: SITE_NAME };

/** A text of the e-mails' catalogue, as HTML: escaped, and the campaign's name, shown inside
 * another language, marked as Catalan (WCAG 3.1.2). */
function htmlText(locale: Locale, text: string): string {
  const html = escapeHtml(text);
  return locale === "ca" ? html : html.split(escapeHtml(SITE_NAME)).join(`<span lang="ca">${escapeHtml(SITE_NAME)}</span>`);
}

/** The issue in a subscriber's language (decision 062): its Spanish or English version when staff
 * wrote both its subject and its text in it, the Catalan one otherwise. `locale` is the
 * subscriber's (any other value, or none, is Catalan). */
export function issueIn(issue: NewsletterDraft, locale: unknown): { subject: string; body: string; lang: Locale } {
  if (locale === "es" || locale === "en") {
    const subject = translationOf(issue.translations, "subject", locale);
    const body = translationOf(issue.translations, "body", locale);
    if (subject !== null && body !== null) return { subject, body, lang: locale };
  }
  return { subject: issue.subject, body: issue.body, lang: "ca" };
}

/** The message of one subscriber: the issue (in its `lang`, Catalan unless said), and its personal
 * unsubscribe link in the footer, in the language the person signed up in (`locale`). */
export function newsletterMessage(
  draft: NewsletterDraft & { lang?: Locale },
  bodyHtml: string,
  unsubscribe: string,
  locale: Locale = "ca",
) {
  const t = translator(locale);
  const why = t("emails.footer.why", { ofSite: OF_SITE[locale] });
  const lang = draft.lang ?? "ca";
  // The footer speaks the subscriber's language; the issue may be the Catalan one (not translated).
  const footerLang = locale === lang ? "" : ` lang="${locale}"`;
  return {
    subject: draft.subject,
    text: `${draft.body.trim()}\n\n-- \n${why}\n${t("emails.footer.unsubscribe")} ${unsubscribe}\n`,
    html: [
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">`,
      `<title>${escapeHtml(draft.subject)}</title></head>`,
      '<body style="font-family:sans-serif;line-height:1.5;max-width:40em">',
      bodyHtml,
      `<hr><p style="font-size:small"${footerLang}>${htmlText(locale, why)} <a href="${escapeHtml(unsubscribe)}">${escapeText(t("emails.unsubscribe.link"))}</a></p>`,
      "</body></html>",
    ].join("\n"),
  };
}

/** The e-mail that asks to confirm a subscription (decision 023), in the language the person signed
 * up in: why it came (a reflection's ticked box, or the newsletter form), the confirmation link,
 * valid `days` days, and the unsubscribe link. */
export function confirmationMessage({
  fromReflection,
  days,
  confirm,
  unsubscribe,
  locale = "ca",
}: {
  fromReflection: boolean;
  days: number;
  confirm: string;
  unsubscribe: string;
  locale?: Locale;
}) {
  const t = translator(locale);
  const why = t(fromReflection ? "emails.confirm.whyReflection" : "emails.confirm.whyForm", { ofSite: OF_SITE[locale] });
  const ignore = t("emails.confirm.ignore", { days });
  const paragraphs = [
    t("emails.confirm.hello"),
    why,
    t("emails.confirm.open", { days }),
    confirm,
    ignore,
    t("emails.confirm.unsubscribe"),
    unsubscribe,
  ];
  const link = (url: string, text: string) => `<a href="${escapeHtml(url)}">${escapeHtml(text)}</a>`;
  return {
    subject: t("emails.confirm.subject"),
    text: paragraphs.join("\n\n") + "\n",
    html: [
      `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">`,
      `<p>${escapeHtml(t("emails.confirm.hello"))}</p><p>${htmlText(locale, why)}</p>`,
      `<p>${link(confirm, t("emails.confirm.button"))}</p>`,
      `<p>${escapeText(t("emails.confirm.expires", { days }))} ${escapeHtml(ignore)}</p>`,
      `<p style="font-size:small">${link(unsubscribe, t("emails.unsubscribe.link"))}</p>`,
      "</body></html>",
    ].join("\n"),
  };
}
