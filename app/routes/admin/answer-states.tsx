import type { Route } from "./+types/answer-states";
import { useDialogFetcher } from "~/components/admin/admin-ui";
import { ActiveField, EntityEditDialog, PositionField } from "~/components/admin/edit-dialog";
import { EntityScreen, type EntityDialogProps } from "~/components/admin/entity-card";
import { StateNameAndColour } from "~/components/admin/state-fields";
import { AnswerStateBadge } from "~/components/answer-state-badge";
import { Badge } from "~/components/ui/badge";
import { answerStateSchema, MIN_CONTRAST } from "~/lib/answers";

export { loader, action } from "./answer-states.server";

type State = Route.ComponentProps["loaderData"]["states"][number];

export default function AdminAnswerStates({ loaderData }: Route.ComponentProps) {
  return (
    <EntityScreen
      title="Estats de resposta"
      newLabel="Nou estat"
      intro={
        <p className="mb-6 max-w-3xl">
          Els estats amb què l'Ajuntament respon les aportacions. El nom es veu a la web al costat de cada resposta publicada, en una
          etiqueta del color de l'estat, en castellà i en anglès a les pàgines d'aquestes llengües si n'hi has escrit la traducció. Un estat
          que ja té respostes no es pot eliminar: desactiva'l per retirar-lo.
        </p>
      }
      empty="Encara no hi ha cap estat de resposta."
      rows={loaderData.states}
      dialog={StateDialog}
      card={(s) => ({
        title: s.label,
        active: s.isActive,
        remove: { question: `Estàs segur que vols eliminar l'estat «${s.label}»? Si ja té respostes, no es podrà: retira'l.` },
        badges: (
          <>
            <AnswerStateBadge label={s.label} colour={s.colour} />
            <Badge variant="outline">Posició {s.position}</Badge>
            {!s.isActive && <Badge variant="secondary">Retirat</Badge>}
          </>
        ),
      })}
    />
  );
}

function StateDialog(props: EntityDialogProps<State>) {
  const fetcher = useDialogFetcher(props.onClose);
  return (
    <EntityEditDialog
      {...props}
      title={["Edita l'estat", "Nou estat"]}
      description={`El color ha de ser prou fosc perquè el text blanc s'hi llegeixi (contrast de ${MIN_CONTRAST}:1 com a mínim).`}
      schema={answerStateSchema}
      {...fetcher}
    >
      {(err, row) => (
        <>
          <StateNameAndColour error={err} row={row} defaultColour="#1b5e20" />
          <PositionField label="Posició (ordre a les llistes)" value={row?.position} error={err("position")} />
          <ActiveField id="state-active" label="En ús (desactiva'l per retirar-lo)" defaultChecked={row?.isActive} />
        </>
      )}
    </EntityEditDialog>
  );
}
