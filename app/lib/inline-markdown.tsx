import type { ReactNode } from "react";
import { useT } from "~/i18n/react";

// Paths are resolved against a made-up origin: a path that leaves it ('//other.site',
// '/\other.site', which browsers read the same way) is not a path on this site.
const THIS_SITE = "https://aquest-web.invalid";

/** Where a link may go: an http(s) or mailto URL, or a path on this site ('/segueixlavivi').
 * Anything else (javascript:, data:, '//other.site') is refused: null, and the text stays plain. */
export function safeHref(url: string): string | null {
  try {
    if (url.startsWith("/")) {
      const parsed = new URL(url, THIS_SITE);
      return parsed.origin === THIS_SITE ? `${parsed.pathname}${parsed.search}${parsed.hash}` : null;
    }
    const parsed = new URL(url);
    return ["http:", "https:", "mailto:"].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A link from stored text (a safe href): a path on this site opens in the same tab; anything
 * else in a new one, with no access back to this page. */
export function SafeLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const t = useT();
  if (href.startsWith("/"))
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> {t("public.common.opensNewTab")}</span>
    </a>
  );
}

// One line of the footer's basic Markdown: a link, bold or italic (which may hold a link).
const INLINE = /\[([^\]\n]+)\]\(([^)\s]+)\)|\*\*(?=\S)([^\n]+?)(?<=\S)\*\*|(?<![\w*])[*_](?=\S)([^*_\n]+?)(?<=\S)[*_](?![\w*])/g;

/** Renders the footer's basic Markdown: `[text](url)` becomes a link (see SafeLink), `**text**`
 * bold and `*text*` or `_text_` italic; everything else stays text (escaped by React). Written by
 * hand rather than with the landing's Markdown renderer, which the footer of every page would
 * otherwise bring to the browser. */
export function InlineMarkdown({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, label, url = "", bold, italic] = match;
    parts.push(text.slice(last, match.index));
    if (label !== undefined) {
      const href = safeHref(url);
      parts.push(
        href ? (
          <SafeLink key={match.index} href={href} className="font-semibold underline underline-offset-2">
            {label}
          </SafeLink>
        ) : (
          label
        ),
      );
    } else if (bold !== undefined)
      parts.push(
        <strong key={match.index}>
          <InlineMarkdown text={bold} />
        </strong>,
      );
    else
      parts.push(
        <em key={match.index}>
          <InlineMarkdown text={italic ?? ""} />
        </em>,
      );
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
