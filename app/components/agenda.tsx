import { CalendarPlusIcon, ClockIcon, MapPinIcon } from "lucide-react";
import { Suspense } from "react";
import { Await } from "react-router";
import { formatTime } from "~/lib/dates";
import { safeHref } from "~/lib/inline-markdown";
import { EmptyState } from "~/components/empty-state";
import { localePaths } from "~/lib/routes";
import { useLocale, useT } from "~/i18n/react";
import type { Localized } from "~/lib/translations";

/** An activity as the agenda shows it (a row of the activities table, as content.server.ts's
 * listActivities reads it); dateLabel is the date written out by the server. Its staff texts are
 * in the page's language, or in Catalan with `lang` (decision 062). */
interface AgendaItem {
  id: string;
  emoji: string;
  title: Localized;
  /** YYYY-MM-DD. */
  date: string;
  startTime: string | null;
  place: Localized | null;
  description: Localized | null;
  linkUrl: string | null;
  linkText: Localized;
  dateLabel: string;
}

function AgendaList({ activities }: { activities: AgendaItem[] }) {
  const t = useT();
  const locale = useLocale();
  if (activities.length === 0)
    return (
      <EmptyState className="mt-6" action={{ to: localePaths(locale).newsletter, label: t("public.agenda.emptyAction") }}>
        {t("public.agenda.empty")}
      </EmptyState>
    );
  return (
    <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      {activities.map((a) => {
        const href = a.linkUrl ? safeHref(a.linkUrl) : null;
        return (
          <li key={a.id} className="flex flex-col gap-2 rounded-lg border border-ink/10 p-5 shadow-sm">
            <span aria-hidden="true" className="text-3xl">
              {a.emoji}
            </span>
            <h3 lang={a.title.lang} className="text-lg font-bold">
              {a.title.text}
            </h3>
            <p className="text-sm font-semibold text-brand-dark">
              <time dateTime={a.date}>{a.dateLabel}</time>
            </p>
            {(a.startTime || a.place) && (
              <ul className="flex flex-col gap-1 text-sm text-ink/85">
                {a.startTime && (
                  <li className="flex items-center gap-2">
                    <ClockIcon aria-hidden="true" className="size-4 shrink-0" />
                    <span className="sr-only">{t("public.agenda.time")}</span>
                    <time dateTime={`${a.date}T${a.startTime.slice(0, 5)}`}>{formatTime(a.startTime, locale)}</time>
                  </li>
                )}
                {a.place && (
                  <li className="flex items-start gap-2">
                    <MapPinIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    <span>
                      <span className="sr-only">{t("public.agenda.place")}</span>
                      <span lang={a.place.lang}>{a.place.text}</span>
                    </span>
                  </li>
                )}
              </ul>
            )}
            {a.description && (
              <p lang={a.description.lang} className="text-ink/85">
                {a.description.text}
              </p>
            )}
            <a
              href={`/agenda/${a.id}${locale === "ca" ? "" : `.${locale}`}.ics`}
              download
              className="inline-flex min-h-11 w-fit items-center gap-2 text-sm font-semibold text-brand-dark underline underline-offset-4"
            >
              <CalendarPlusIcon aria-hidden="true" className="size-4" />
              {t("public.agenda.addToCalendar")}
              <span className="sr-only">
                : <span lang={a.title.lang}>{a.title.text}</span>
              </span>
            </a>
            {href && (
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-auto inline-flex w-fit rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark"
              >
                <span lang={a.linkText.lang}>{a.linkText.text}</span>
                <span className="sr-only"> {t("public.common.opensNewTab")}</span>
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The agenda (#agenda). The activities stream in after the page: 'Carregant activitats...'
 * shows until they arrive. */
export function Agenda({ activities }: { activities: Promise<AgendaItem[]> | AgendaItem[] }) {
  const t = useT();
  return (
    <section id="agenda" aria-labelledby="agenda-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
      <h2 id="agenda-title" className="text-2xl font-extrabold text-brand-dark md:text-3xl">
        {t("public.agenda.title")}
      </h2>
      <Suspense
        fallback={
          <p className="mt-6 rounded-lg bg-ink/5 p-6 text-center" role="status">
            {t("public.agenda.loading")}
          </p>
        }
      >
        <Await resolve={activities}>{(list) => <AgendaList activities={list} />}</Await>
      </Suspense>
    </section>
  );
}
