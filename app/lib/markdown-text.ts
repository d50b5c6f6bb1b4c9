// Markdown as plain text, for the places that show a short summary of it (the back office's
// landing list, a page's meta description): the words as the page shows them, without the signs.

/** The text a reader sees: link texts without their addresses, no emphasis, heading, list or
 * quote signs, no code ticks, raw HTML tags dropped; paragraphs joined with one line break. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, "\n")
    .replace(/<[^>\n]*>/g, "")
    .replace(/!?\[([^\]\n]*)\]\([^)\n]*\)/g, "$1")
    .replace(/^ {0,3}#{1,6}[ \t]+/gm, "")
    .replace(/^ {0,3}>[ \t]?/gm, "")
    .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/gm, "")
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, "$2")
    .replace(/(?<![\w*])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\w*])/g, "$1")
    .replace(/(?<![\w_])_(?=\S)([^_\n]+?)(?<=\S)_(?![\w_])/g, "$1")
    .replace(/`([^`\n]*)`/g, "$1")
    .replace(/\n{2,}/g, "\n")
    .trim();
}

/** The first `max` characters of that text, with '...' when it was longer (spec: 200 on the list). */
export function markdownExcerpt(markdown: string, max: number): string {
  const text = markdownToText(markdown);
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}
