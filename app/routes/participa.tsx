import { ClipboardListIcon, MapIcon, MicIcon, PenLineIcon, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/participa";
import { ClosedNotice } from "~/components/participation/shared";
import { MapDialog } from "~/components/participation/map-dialog";
import { ReflectionDialog } from "~/components/participation/reflection-dialog";
import { QuestionnaireDialog } from "~/components/site/questionnaire-dialog";
import { Button } from "~/components/ui/button";
import { embeds } from "~/models/content.server";
import { useParticipation } from "~/lib/participation-state";
import { localePaths } from "~/lib/routes";
import { RichText, useLocale, useT } from "~/i18n/react";

export async function loader({ context }: Route.LoaderArgs) {
  return { embeds: await embeds(context.db) };
}

function ParticipationCard({ icon: Icon, title, text, children }: { icon: LucideIcon; title: string; text: string; children?: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-ink/10 p-6 shadow-sm">
      <Icon aria-hidden="true" className="size-9 text-brand" />
      <h2 className="text-xl font-bold">{title}</h2>
      <p className="flex-1 text-ink/85">{text}</p>
      {children && <div>{children}</div>}
    </li>
  );
}

export default function Participa({ loaderData }: Route.ComponentProps) {
  const { questionnaireUrl } = loaderData.embeds;
  const participation = useParticipation();
  const t = useT();
  const paths = localePaths(useLocale());
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">{t("public.common.sayYours")}</h1>
      {participation.open ? (
        <p className="mt-4 max-w-3xl text-lg">
          {participation.deadlineLabel ? (
            <RichText
              text={t("public.participa.introUntil", { date: participation.deadlineLabel })}
              parts={{ strong: (s) => <strong>{s}</strong> }}
            />
          ) : (
            t("public.participa.intro")
          )}
        </p>
      ) : (
        <ClosedNotice className="mt-4 max-w-3xl" />
      )}
      <p className="mt-2 max-w-3xl text-ink/85">{t(`forms.mode.${participation.mode}`)}</p>
      <ul className="mt-8 grid gap-4 md:grid-cols-2">
        <ParticipationCard
          icon={ClipboardListIcon}
          title={t("public.participa.questionnaire.title")}
          text={t("public.participa.questionnaire.text")}
        >
          {participation.open ? questionnaireUrl && <QuestionnaireDialog src={questionnaireUrl} /> : <ClosedNotice />}
        </ParticipationCard>
        <ParticipationCard icon={MapIcon} title={t("public.participa.map.title")} text={t("public.participa.map.text")}>
          <MapDialog />
        </ParticipationCard>
        <ParticipationCard icon={PenLineIcon} title={t("public.participa.reflection.title")} text={t("public.participa.reflection.text")}>
          <ReflectionDialog />
        </ParticipationCard>
        <ParticipationCard icon={MicIcon} title={t("public.participa.audio.title")} text={t("public.participa.audio.text")}>
          <Button asChild variant="outline">
            <Link to={paths.testimonis}>{t("public.participa.audio.action")}</Link>
          </Button>
        </ParticipationCard>
      </ul>
    </div>
  );
}
