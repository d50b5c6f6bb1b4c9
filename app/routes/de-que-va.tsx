import { Link } from "react-router";
import { CAMPAIGN, PHASES } from "~/domain/campaign";
import { useParticipation } from "~/lib/participation-state";
import { Button } from "~/components/ui/button";
import { ReportPointer, useReportLinks } from "~/components/report-pointer";
import { localePaths } from "~/lib/routes";
import { RichText, useLocale, useT } from "~/i18n/react";

/** Each phase's state beside the current one. */
const phaseStatus = (n: number, current: number) =>
  n < current ? "done" : n === current ? "current" : n === current + 1 ? "next" : "future";

const strong = { strong: (s: string) => <strong>{s}</strong> };

export default function Initiative() {
  const participation = useParticipation();
  const t = useT();
  const paths = localePaths(useLocale());
  const links = useReportLinks();
  // A day that has passed is never named as a deadline (decision 050).
  const deadline = participation.open
    ? participation.deadlineLabel
      ? t("public.initiative.deadline.until", { date: participation.deadlineLabel })
      : t("public.initiative.deadline.open")
    : participation.closedOnLabel
      ? t("public.initiative.deadline.closedOn", { date: participation.closedOnLabel })
      : t("public.initiative.deadline.closed");
  return (
    <article className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">{t("public.initiative.title")}</h1>
      <div className="mt-6 space-y-4 text-lg">
        <p>
          <RichText text={t("public.initiative.what", { period: CAMPAIGN.planPeriod })} parts={strong} />
        </p>
        <p>
          <RichText text={t("public.initiative.done", { km: CAMPAIGN.routeKm, millions: CAMPAIGN.euFundsMillions })} parts={strong} />
        </p>
        <p>
          {t("public.initiative.who")}{" "}
          {participation.open ? (
            participation.deadlineLabel ? (
              <RichText text={t("public.initiative.consultation.until", { date: participation.deadlineLabel })} parts={strong} />
            ) : (
              t("public.initiative.consultation.open")
            )
          ) : (
            t("public.initiative.consultation.closed")
          )}
        </p>
      </div>

      <h2 className="mt-12 text-2xl font-extrabold text-brand-dark">{t("public.initiative.phases")}</h2>
      <ol className="mt-6 grid gap-4 md:grid-cols-3">
        {PHASES.map((phase) => {
          const current = phase.n === participation.phase;
          return (
            <li
              key={phase.n}
              aria-current={current ? "step" : undefined}
              className={current ? "rounded-lg border-2 border-brand bg-brand-soft p-5" : "rounded-lg border border-ink/10 p-5"}
            >
              <p className="text-sm font-bold text-brand-dark">
                {t("public.initiative.phase", {
                  n: phase.n,
                  status: t(`public.initiative.status.${phaseStatus(phase.n, participation.phase)}`),
                })}
              </p>
              <h3 className="mt-1 text-lg font-bold">{t(`public.campaign.phase${phase.n}.title`)}</h3>
              <p className="mt-2 text-ink/85">
                {t(`public.campaign.phase${phase.n}.text`)}
                {phase.n === 1 && ` ${deadline}`}
              </p>
            </li>
          );
        })}
      </ol>

      {/* Phases 2 and 3, as on the home (decision 075): the answers are out. */}
      {links.heard && participation.phase > 1 && <ReportPointer tracker={links.tracker} />}

      <div className="mt-10 flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link to={paths.home}>{t("public.common.backHome")}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.testimonis}>{t("public.initiative.listen")}</Link>
        </Button>
      </div>
    </article>
  );
}
