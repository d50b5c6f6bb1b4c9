import { Link } from "react-router";
import type { Route } from "./+types/result-states";
import { useDialogFetcher } from "~/components/admin/admin-ui";
import { ActiveField, EntityEditDialog, PositionField } from "~/components/admin/edit-dialog";
import { EntityScreen, type EntityDialogProps } from "~/components/admin/entity-card";
import { StateNameAndColour } from "~/components/admin/state-fields";
import { AnswerStateBadge } from "~/components/answer-state-badge";
import { FormField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { labelled, Select } from "~/components/ui/select";
import { RESULT_MEANINGS } from "~/domain/results";
import { adminPaths } from "~/lib/admin-paths";
import { MIN_CONTRAST } from "~/lib/answers";
import { MEANING_LABELS, resultStateSchema } from "~/lib/results";

export { loader, action } from "./result-states.server";

type State = Route.ComponentProps["loaderData"]["states"][number];

export default function AdminResultStates({ loaderData }: Route.ComponentProps) {
  return (
    <EntityScreen
      title="Estats del seguiment"
      newLabel="Nou estat"
      intro={
        <p className="mb-6 max-w-3xl">
          Els estats de les actuacions del pla a la pàgina <Link to={adminPaths.adminResults}>Seguiment del pla</Link>. El nom es veu a la
          web en una etiqueta del color de l'estat, i els trams de l'actuació es dibuixen al mapa d'aquest color. Un estat que ja té
          actuacions no es pot eliminar: desactiva'l per retirar-lo.
        </p>
      }
      empty="Encara no hi ha cap estat."
      rows={loaderData.states}
      dialog={StateDialog}
      card={(s) => ({
        title: s.label,
        active: s.isActive,
        remove: { question: `Estàs segur que vols eliminar l'estat «${s.label}»? Si ja té actuacions, no es podrà: retira'l.` },
        badges: (
          <>
            <AnswerStateBadge label={s.label} colour={s.colour} />
            <Badge variant="outline">Posició {s.position}</Badge>
            <Badge variant="outline">{MEANING_LABELS[s.meaning]}</Badge>
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
      schema={resultStateSchema}
      {...fetcher}
    >
      {(err, row) => (
        <>
          <StateNameAndColour error={err} row={row} defaultColour="#0d47a1" />
          <FormField label="Què vol dir per a les xifres del pla" error={err("meaning")}>
            <Select name="meaning" defaultValue={row?.meaning ?? "open"} options={labelled(RESULT_MEANINGS, MEANING_LABELS)} />
          </FormField>
          <PositionField label="Posició (ordre a les llistes)" value={row?.position} error={err("position")} />
          <ActiveField id="result-state-active" label="En ús (desactiva'l per retirar-lo)" defaultChecked={row?.isActive} />
        </>
      )}
    </EntityEditDialog>
  );
}
