import { cn } from "~/lib/utils";

/** An answer state's badge (issue 31): white text on the state's colour, which the settings only
 * accept when the two pass WCAG AA (lib/answers.ts). The same on public pages and in the back office. */
export function AnswerStateBadge({
  label,
  colour,
  className,
  lang,
}: {
  label: string;
  colour: string;
  className?: string;
  /** Set when the label is not in the page's language (a Catalan fallback, decision 062). */
  lang?: string;
}) {
  return (
    <span
      data-slot="answer-state"
      lang={lang}
      className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold text-white", className)}
      style={{ backgroundColor: colour }}
    >
      {label}
    </span>
  );
}
