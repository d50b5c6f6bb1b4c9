import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Markdown } from "~/lib/markdown";
import { OF_SITE_NAME } from "~/lib/seo";
import type { Locale } from "~/i18n/locales";
import { translationOf, type Translations } from "~/lib/translations";

// The newsletter's e-mails as HTML and text: the confirmation of a subscription, and each issue
// (rendered from its Markdown as the site renders it). The data modules (newsletter.server.ts,
// newsletter-send.server.ts) hand their texts here and send what comes back.

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface NewsletterDraft {
  subject: string;
  /** Markdown. */
  body: string;
  /** Its Spanish and English subject and body (decision 060). */
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

/** The issue in a subscriber's language (decision 060): its Spanish or English version when staff
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

/** The message of one subscriber: the issue (in `lang`, Catalan unless said), and its personal
 * unsubscribe link in the footer. */
export function newsletterMessage(draft: NewsletterDraft & { lang?: Locale }, bodyHtml: string, unsubscribe: string) {
  const why = `Reps aquest correu perquè et vas subscriure a la newsletter ${OF_SITE_NAME}.`;
  const lang = draft.lang ?? "ca";
  // The footer is Catalan whatever the issue's language (the e-mails' catalogue may translate it).
  const footerLang = lang === "ca" ? "" : ' lang="ca"';
  return {
    subject: draft.subject,
    text: `${draft.body.trim()}\n\n-- \n${why}\nPer donar-te de baixa: ${unsubscribe}\n`,
    html: [
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">`,
      `<title>${escapeHtml(draft.subject)}</title></head>`,
      '<body style="font-family:sans-serif;line-height:1.5;max-width:40em">',
      bodyHtml,
      `<hr><p style="font-size:small"${footerLang}>${escapeHtml(why)} <a href="${escapeHtml(unsubscribe)}">Dona't de baixa</a></p>`,
      "</body></html>",
    ].join("\n"),
  };
}

/** The e-mail that asks to confirm a subscription (decision 023): why it came (a reflection's ticked
 * box, or the newsletter form), the confirmation link, valid `days` days, and the unsubscribe link. */
export function confirmationMessage({
  fromReflection,
  days,
  confirm,
  unsubscribe,
}: {
  fromReflection: boolean;
  days: number;
  confirm: string;
  unsubscribe: string;
}) {
  const why = fromReflection
    ? `Quan vas enviar una reflexió al web ${OF_SITE_NAME} vas marcar que vols rebre la newsletter de la campanya.`
    : `Hem rebut una petició per subscriure aquesta adreça a la newsletter ${OF_SITE_NAME}, la campanya del pla director de la bicicleta del Penedès.`;
  const paragraphs = [
    "Hola,",
    why,
    `Per confirmar la subscripció, obre aquest enllaç (caduca d'aquí a ${days} dies):`,
    confirm,
    `Si no l'has demanat tu, no cal que facis res: sense confirmació no t'enviarem res i esborrarem l'adreça d'aquí a ${days} dies.`,
    "Per donar-te de baixa en qualsevol moment:",
    unsubscribe,
  ];
  const link = (url: string, text: string) => `<a href="${escapeHtml(url)}">${escapeHtml(text)}</a>`;
  return {
    subject: "Confirma la teva subscripció a la newsletter",
    text: paragraphs.join("\n\n") + "\n",
    html: [
      '<!doctype html><html lang="ca"><body style="font-family:sans-serif;line-height:1.5">',
      `<p>Hola,</p><p>${escapeHtml(why)}</p>`,
      `<p>${link(confirm, "Confirma la subscripció")}</p>`,
      `<p>L'enllaç caduca d'aquí a ${days} dies. ${escapeHtml(paragraphs[4]!)}</p>`,
      `<p style="font-size:small">${link(unsubscribe, "Dona't de baixa")}</p>`,
      "</body></html>",
    ].join("\n"),
  };
}
