import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { AnswerStateBadge } from "~/components/answer-state-badge";
import type { PublicAnswer } from "~/domain/contributions";
import { useLocale, useT } from "~/i18n/react";
import { excerpt } from "~/lib/contributions";
import { markdownToText } from "~/lib/markdown-text";
import { localePaths } from "~/lib/routes";

// The council's published answer under a contribution (issue 31): its state's badge, the date and
// the text. The card shows the text as plain words, cut short; the dialog renders its Markdown with
// the site's sanitising component, loaded only when a dialog opens (the home's script budget).
// The answer is staff's Catalan text: it carries lang="ca" on the other languages' pages; the
// state's label is in the page's language when staff translated it (decision 062). When the
// answer points to a public result of the plan, "Ho seguim aquí" links to its page (decision 075).

const Markdown = lazy(() => import("~/lib/markdown").then((m) => ({ default: m.Markdown })));

export function ContributionAnswer({ answer, full = false }: { answer: PublicAnswer; full?: boolean }) {
  const t = useT();
  const paths = localePaths(useLocale());
  return (
    <section className="rounded-md border-l-4 border-leaf bg-leaf-soft p-3 text-sm" aria-label={t("public.answer.title")}>
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-bold">{t("public.answer.title")}</span>
        <AnswerStateBadge label={answer.state.text} lang={answer.state.lang} colour={answer.colour} />
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
      {answer.result && (
        <p className="mt-2">
          {t("public.answer.followed")}{" "}
          <Link
            to={paths.trackerResult(answer.result.id)}
            lang={answer.result.title.lang}
            className="font-semibold text-brand-dark underline underline-offset-4"
          >
            {answer.result.title.text}
          </Link>
        </p>
      )}
    </section>
  );
}
