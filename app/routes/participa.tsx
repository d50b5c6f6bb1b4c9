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
import { MODE_NOTES, useParticipation } from "~/lib/participation-state";
import { paths } from "~/lib/routes";

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
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">Digues la teva</h1>
      {participation.open ? (
        <p className="mt-4 max-w-3xl text-lg">
          Hi ha moltes maneres de participar en el pla director de la bicicleta. Tria la que et vagi millor
          {participation.deadlineLabel ? (
            <>
              : tens temps fins al <strong>{participation.deadlineLabel}</strong>.
            </>
          ) : (
            "."
          )}
        </p>
      ) : (
        <ClosedNotice className="mt-4 max-w-3xl" />
      )}
      <p className="mt-2 max-w-3xl text-ink/85">{MODE_NOTES[participation.mode]}</p>
      <ul className="mt-8 grid gap-4 md:grid-cols-2">
        <ParticipationCard
          icon={ClipboardListIcon}
          title="Qüestionari participatiu"
          text="Respon unes preguntes sobre com et mous i com t'agradaria moure't. Entre 5 i 10 minuts, i és anònim."
        >
          {participation.open ? questionnaireUrl && <QuestionnaireDialog src={questionnaireUrl} /> : <ClosedNotice />}
        </ParticipationCard>
        <ParticipationCard
          icon={MapIcon}
          title="Mapa interactiu"
          text="Consulta les propostes de la xarxa ciclable sobre el mapa i deixa-hi el teu comentari."
        >
          <MapDialog />
        </ParticipationCard>
        <ParticipationCard
          icon={PenLineIcon}
          title="Escriu una reflexió"
          text="Explica'ns amb les teves paraules què en penses, què et preocupa o què somies per a la bici al Penedès."
        >
          <ReflectionDialog />
        </ParticipationCard>
        <ParticipationCard
          icon={MicIcon}
          title="Envia un àudio"
          text="Grava un missatge de veu d'un minut com a màxim i comparteix la teva visió."
        >
          <Button asChild variant="outline">
            <Link to={paths.testimonis}>Envia el teu testimoni</Link>
          </Button>
        </ParticipationCard>
      </ul>
    </div>
  );
}
