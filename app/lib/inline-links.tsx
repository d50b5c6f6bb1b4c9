import type { ReactNode } from "react";

const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;

/** Only these schemes become links; anything else (javascript:, data:) stays plain text. */
export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return ["http:", "https:", "mailto:"].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Renders text in which `[text](url)` becomes a link opening in a new tab. */
export function InlineLinks({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label = "", url = ""] = match;
    const href = safeHref(url);
    parts.push(text.slice(last, match.index));
    parts.push(
      href ? (
        <a key={match.index} href={href} target="_blank" rel="noopener noreferrer" className="font-semibold underline underline-offset-2">
          {label}
          <span className="sr-only"> (s'obre en una pestanya nova)</span>
        </a>
      ) : (
        label
      ),
    );
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
