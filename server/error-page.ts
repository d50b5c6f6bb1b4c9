import type { IncomingMessage, ServerResponse } from "node:http";
import { translator } from "~/i18n/catalogues.server";
import { localeOf, localePrefix, type Locale } from "~/i18n/locales";
import { SITE_NAME } from "~/lib/routes";

// The pages the server itself sends when React cannot (it is stopping, or a fault of ours before a
// page could be rendered): short, self-contained, in the language of the address asked for
// (Catalan at the root, decision 059), like every page of the site (issue 27, item 3). Their words
// are the error page's (app/components/error-content.tsx), from the catalogue.

const PAGES = {
  500: { title: "errors.unexpected.title", text: "errors.unexpected.text" },
  503: { title: "errors.unavailable.title", text: "errors.unavailable.text" },
} as const;

const escapeHtml = (s: string) => s.replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`);

function words(status: keyof typeof PAGES, locale: Locale) {
  const t = translator(locale);
  return { title: t(PAGES[status].title), text: t(PAGES[status].text), home: t("errors.backHome") };
}

/** A whole page for a 500 or a 503 in a language (no scripts, no outside resources). */
export function errorPage(status: keyof typeof PAGES, locale: Locale = "ca"): string {
  const { title, text, home } = words(status, locale);
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(SITE_NAME)}</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#fdf2f7;color:#1f1f1f;display:grid;place-items:center;min-height:100vh;text-align:center;padding:1.5rem;box-sizing:border-box}h1{color:#7a0c3f;font-size:1.75rem;margin:0 0 1rem}a{color:#7a0c3f;font-weight:600}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<p><a href="${localePrefix(locale) || "/"}">${escapeHtml(home)}</a></p>
</main>
</body>
</html>
`;
}

/** Whether a request wants a page (a browser's document request) rather than data or a file. */
export const wantsPage = (req: IncomingMessage) => /\btext\/html\b/.test(req.headers.accept ?? "");

/** An answer for `status` in the address's language: the page for a browser, a line of text for anything else. */
export function sendErrorAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  status: keyof typeof PAGES,
  headers: Record<string, string> = {},
) {
  const page = wantsPage(req);
  const locale = localeOf(req.url ?? "/");
  const { title, text } = words(status, locale);
  const body = page ? errorPage(status, locale) : `${title}. ${text}`;
  res.writeHead(status, {
    "Content-Type": page ? "text/html; charset=utf-8" : "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Content-Language": locale,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    ...headers,
  });
  res.end(req.method === "HEAD" ? undefined : body);
}
