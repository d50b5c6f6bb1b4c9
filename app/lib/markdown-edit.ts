// The Markdown toolbar's edits, as pure functions of the text and its selection, so the editor
// only has to put the result back in its textarea (and they are tested without a browser).

export const MARKDOWN_TOOLS = ["bold", "italic", "link", "list", "heading"] as const;
export type MarkdownTool = (typeof MARKDOWN_TOOLS)[number];

export interface Edit {
  value: string;
  /** The selection after the edit: what the person most likely types over next. */
  start: number;
  end: number;
}

const PLACEHOLDER: Record<"bold" | "italic" | "link", string> = {
  bold: "text en negreta",
  italic: "text en cursiva",
  link: "text de l'enllaç",
};

function wrap(value: string, start: number, end: number, marker: string, placeholder: string): Edit {
  const selected = value.slice(start, end);
  // Already wrapped: unwrap (a second press undoes the first).
  if (value.slice(start - marker.length, start) === marker && value.slice(end, end + marker.length) === marker)
    return {
      value: value.slice(0, start - marker.length) + selected + value.slice(end + marker.length),
      start: start - marker.length,
      end: end - marker.length,
    };
  // Spaces stay outside the markers: '** text**' is not bold in Markdown.
  const inner = selected.trim() || placeholder;
  const lead = selected.length - selected.trimStart().length;
  const trail = selected.trim() ? selected.length - selected.trimEnd().length : 0;
  const before = value.slice(0, start) + selected.slice(0, lead) + marker;
  return {
    value: before + inner + marker + selected.slice(selected.length - trail) + value.slice(end),
    start: before.length,
    end: before.length + inner.length,
  };
}

/** Adds `prefix` to every line the selection touches (in place of a prefix of its kind, `has`), or
 * takes it away when all have that very prefix (`same`). */
function prefixLines(value: string, start: number, end: number, prefix: string, has: RegExp, same = has): Edit {
  const from = value.lastIndexOf("\n", start - 1) + 1;
  const nextBreak = value.indexOf("\n", end > start && value[end - 1] === "\n" ? end - 1 : end);
  const to = nextBreak === -1 ? value.length : nextBreak;
  const lines = value.slice(from, to).split("\n");
  const remove = lines.every((l) => same.test(l));
  const changed = lines.map((l) => (remove ? l.replace(has, "") : `${prefix}${l.replace(has, "")}`)).join("\n");
  return { value: value.slice(0, from) + changed + value.slice(to), start: from, end: from + changed.length };
}

export function applyMarkdownTool(tool: MarkdownTool, value: string, start: number, end: number): Edit {
  switch (tool) {
    case "bold":
      return wrap(value, start, end, "**", PLACEHOLDER.bold);
    case "italic":
      return wrap(value, start, end, "*", PLACEHOLDER.italic);
    case "link": {
      const text = value.slice(start, end).trim() || PLACEHOLDER.link;
      const before = `${value.slice(0, start)}[${text}](`;
      const url = "https://";
      return { value: `${before}${url})${value.slice(end)}`, start: before.length, end: before.length + url.length };
    }
    case "list":
      return prefixLines(value, start, end, "- ", /^\s*[-*+]\s+/);
    case "heading":
      return prefixLines(value, start, end, "## ", /^#{1,6}\s+/, /^##(?!#)\s+/);
  }
}
