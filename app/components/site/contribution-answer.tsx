import { lazy, Suspense } from "react";
import { AnswerStateBadge } from "~/components/answer-state-badge";
import type { PublicAnswer } from "~/domain/contributions";
import { useT } from "~/i18n/react";
import { excerpt } from "~/lib/contributions";
import { markdownToText } from "~/lib/markdown-text";

// The council's published answer under a contribution (issue 31): its state's badge, the date and
// the text. The card shows the text as plain words, cut short; the dialog renders its Markdown with
// the site's sanitising component, loaded only when a dialog opens (the home's script budget).
// The answer is staff's Catalan text: it carries lang="ca" on the other languages' pages.

const Markdown = lazy(() => import("~/lib/markdown").then((m) => ({ default: m.Markdown })));

export function ContributionAnswer({ answer, full = false }: { answer: PublicAnswer; full?: boolean }) {
  const t = useT();
  return (
    <section className="rounded-md border-l-4 border-leaf bg-leaf-soft p-3 text-sm" aria-label={t("public.answer.title")}>
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-bold">{t("public.answer.title")}</span>
        <AnswerStateBadge label={answer.state} colour={answer.colour} />
        <time dateTime={answer.publishedAt} className="text-ink/80">
          {t("public.answer.published", { date: answer.dateLabel })}
        </time>
      </p>
      <div lang="ca" className="mt-2 break-words">
        {full ? (
          <Suspense fallback={<p className="whitespace-pre-line">{markdownToText(answer.text)}</p>}>
            <Markdown className="space-y-2">{answer.text}</Markdown>
          </Suspense>
        ) : (
          <p>{excerpt(markdownToText(answer.text), 160)}</p>
        )}
      </div>
    </section>
  );
}
