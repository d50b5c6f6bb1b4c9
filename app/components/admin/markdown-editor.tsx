import { BoldIcon, Heading2Icon, ItalicIcon, LinkIcon, ListIcon, type LucideIcon } from "lucide-react";
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { Label } from "~/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Textarea } from "~/components/ui/textarea";
import { applyMarkdownTool, MARKDOWN_TOOLS, type Edit, type MarkdownTool } from "~/lib/markdown-edit";

const TOOLS: Record<MarkdownTool, { label: string; icon: LucideIcon; shortcut?: string; help: [string, string] }> = {
  bold: { label: "Negreta", icon: BoldIcon, shortcut: "b", help: ["**text**", "negreta"] },
  italic: { label: "Cursiva", icon: ItalicIcon, shortcut: "i", help: ["*text*", "cursiva"] },
  link: { label: "Enllaç", icon: LinkIcon, shortcut: "k", help: ["[text](https://adreça)", "enllaç (s'obre en una pestanya nova)"] },
  list: { label: "Llista", icon: ListIcon, help: ["- element", "element d'una llista (una línia per element)"] },
  heading: { label: "Títol de secció", icon: Heading2Icon, help: ["## Títol", "títol de secció"] },
};

/** A Markdown field for the back office: a toolbar (bold, italic, link, list, heading, or the
 * subset `tools` the page renders), the keyboard shortcuts Ctrl+B, Ctrl+I and Ctrl+K, a help panel
 * with the syntax, and an Edit / Preview pair of tabs whose preview is `preview(value)`, rendered
 * as the public page renders it. The value is sent as `name` from a hidden field, so the form has
 * it while the preview tab is open. */
export function MarkdownEditor({
  name,
  label,
  defaultValue,
  preview,
  tools = MARKDOWN_TOOLS,
  rows = 8,
  error,
  required,
  onChange,
  lang,
}: {
  /** The form field it sends; none when the value is sent by whoever listens to onChange. */
  name?: string;
  label: string;
  defaultValue: string;
  preview: (value: string) => ReactNode;
  tools?: readonly MarkdownTool[];
  rows?: number;
  error?: string | null;
  required?: boolean;
  onChange?: (value: string) => void;
  /** The language of the text (a translation's tab). */
  lang?: string;
}) {
  const id = useId();
  const [value, setStateValue] = useState(defaultValue);
  const setValue = (next: string) => {
    setStateValue(next);
    onChange?.(next);
  };
  const area = useRef<HTMLTextAreaElement>(null);
  const selection = useRef<Edit | null>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const [focusTool, setFocusTool] = useState(0);

  // After an edit, the selection goes where applyMarkdownTool put it.
  useLayoutEffect(() => {
    const el = area.current;
    const next = selection.current;
    if (!el || !next) return;
    selection.current = null;
    el.focus();
    el.setSelectionRange(next.start, next.end);
  }, [value]);

  const run = (tool: MarkdownTool) => {
    const el = area.current;
    if (!el) return;
    const edit = applyMarkdownTool(tool, el.value, el.selectionStart, el.selectionEnd);
    selection.current = edit;
    setValue(edit.value);
  };

  // One tab stop for the toolbar; arrow keys, Home and End move between its buttons (ARIA toolbar).
  const moveFocus = (e: React.KeyboardEvent) => {
    const last = tools.length - 1;
    const to =
      e.key === "ArrowRight"
        ? focusTool === last
          ? 0
          : focusTool + 1
        : e.key === "ArrowLeft"
          ? focusTool === 0
            ? last
            : focusTool - 1
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? last
              : null;
    if (to === null) return;
    e.preventDefault();
    setFocusTool(to);
    toolbar.current?.querySelectorAll("button")[to]?.focus();
  };

  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      {name && <input type="hidden" name={name} value={value} />}
      <Label htmlFor={`${id}-text`}>{label}</Label>
      <Tabs defaultValue="edit">
        <TabsList aria-label="Edició o previsualització">
          <TabsTrigger value="edit">Edita</TabsTrigger>
          <TabsTrigger value="preview">Previsualitza</TabsTrigger>
        </TabsList>
        <TabsContent value="edit" className="flex flex-col gap-2">
          <div
            ref={toolbar}
            role="toolbar"
            aria-label="Format del text"
            aria-controls={`${id}-text`}
            onKeyDown={moveFocus}
            className="flex flex-wrap gap-1"
          >
            {tools.map((tool, i) => {
              const { label: toolLabel, icon: Icon, shortcut } = TOOLS[tool];
              return (
                <button
                  key={tool}
                  type="button"
                  tabIndex={i === focusTool ? 0 : -1}
                  title={shortcut ? `${toolLabel} (Ctrl+${shortcut.toUpperCase()})` : toolLabel}
                  aria-keyshortcuts={shortcut ? `Control+${shortcut.toUpperCase()}` : undefined}
                  onFocus={() => setFocusTool(i)}
                  onClick={() => run(tool)}
                  className="flex size-11 items-center justify-center rounded-md border border-ink/20 bg-white text-ink hover:bg-brand-soft focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none sm:size-9"
                >
                  <Icon aria-hidden="true" className="size-4" />
                  <span className="sr-only">{toolLabel}</span>
                </button>
              );
            })}
          </div>
          <Textarea
            ref={area}
            id={`${id}-text`}
            rows={rows}
            value={value}
            lang={lang}
            required={required}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setValue(e.target.value)}
            onKeyDown={(e) => {
              if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
              const tool = tools.find((t) => TOOLS[t].shortcut === e.key.toLowerCase());
              if (!tool) return;
              e.preventDefault();
              run(tool);
            }}
            className="font-mono"
          />
        </TabsContent>
        <TabsContent value="preview">
          <div aria-label={`Previsualització: ${label}`} role="region" className="min-h-24 rounded-md border border-ink/15 p-3">
            {value.trim() ? preview(value) : <p className="text-ink/75 italic">Sense contingut</p>}
          </div>
        </TabsContent>
      </Tabs>
      {error && (
        <p id={errorId} className="text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
      <details className="rounded-md border border-ink/15 bg-ink/[0.03] px-3 py-2 text-sm">
        <summary className="cursor-pointer font-semibold">Ajuda de Markdown</summary>
        <div>
          <p className="mt-2">Escriu el text tal com vols que surti; aquests signes li donen format:</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {tools.map((tool) => (
              <div key={tool} className="contents">
                <dt>
                  <code className="rounded bg-white px-1 font-mono">{TOOLS[tool].help[0]}</code>
                </dt>
                <dd>{TOOLS[tool].help[1]}</dd>
              </div>
            ))}
          </dl>
          {tools.includes("list") && <p className="mt-2">Deixa una línia en blanc entre paràgrafs.</p>}
        </div>
      </details>
    </div>
  );
}
