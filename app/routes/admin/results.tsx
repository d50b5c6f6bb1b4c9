import { useMemo } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/results";
import { useDialogFetcher } from "~/components/admin/admin-ui";
import { ActiveField, EntityEditDialog } from "~/components/admin/edit-dialog";
import { EntityScreen, type EntityDialogProps } from "~/components/admin/entity-card";
import { LanguageTabs } from "~/components/admin/language-tabs";
import { MarkdownEditor } from "~/components/admin/markdown-editor";
import { MultiPick } from "~/components/admin/multi-pick";
import { AnswerStateBadge } from "~/components/answer-state-badge";
import { FormField, InputField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { labelled, Select } from "~/components/ui/select";
import { categories, categoryLabels } from "~/domain/themes";
import { adminPaths } from "~/lib/admin-paths";
import { formatLongDate } from "~/lib/dates";
import { formatNumber } from "~/i18n/locales";
import { Markdown } from "~/lib/markdown";
import { MAX_RESULT_TEXT, resultSchema } from "~/lib/results";

export { loader, action } from "./results.server";

type Data = Route.ComponentProps["loaderData"];
type Row = Data["results"][number];

export default function AdminResults({ loaderData }: Route.ComponentProps) {
  // One component for as long as the data is the same: a new one on each render would remount the
  // open dialog (and lose what staff typed).
  const Dialog = useMemo(() => (props: EntityDialogProps<Row>) => <ResultDialog {...props} data={loaderData} />, [loaderData]);
  return (
    <EntityScreen
      title="Seguiment del pla"
      newLabel="Nova actuació"
      intro={
        <div className="mb-6 flex max-w-3xl flex-col gap-3">
          <p>
            Les actuacions del pla (trams, cruïlles, aparcaments, senyalització, campanyes), amb el seu estat, l'avenç, els trams de les
            capes del mapa que inclouen i les aportacions que les han originat. Només les publicades es veuen a la pàgina pública «Seguiment
            del pla», i els quilòmetres es calculen sols a partir del traçat dels trams.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to={adminPaths.adminResultEntries}>Fites de les actuacions</Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to={adminPaths.adminResultStates}>Estats del seguiment</Link>
            </Button>
          </div>
        </div>
      }
      empty="Encara no hi ha cap actuació."
      rows={loaderData.results}
      dialog={Dialog}
      card={(r) => ({
        title: r.title,
        active: r.isActive,
        remove: { question: `Estàs segur que vols eliminar l'actuació «${r.title}» i totes les seves fites?` },
        badges: (
          <>
            <AnswerStateBadge label={r.state.label} colour={r.state.colour} />
            <Badge variant="outline">{r.progress} %</Badge>
            <Badge variant={r.isActive ? "soft" : "secondary"}>{r.isActive ? "Publicada" : "No publicada"}</Badge>
          </>
        ),
        children: (
          <div className="text-sm text-ink/80">
            {r.municipalities.length > 0 && <p>{r.municipalities.join(", ")}</p>}
            <p>
              {r.segmentRefs.length} trams · {r.contributionRefs.length} aportacions · {r.entries} fites
            </p>
            {r.plannedDate && <p>Prevista: {formatLongDate(r.plannedDate)}</p>}
            {r.realDate && <p>Real: {formatLongDate(r.realDate)}</p>}
          </div>
        ),
      })}
    />
  );
}

function ResultDialog(props: EntityDialogProps<Row> & { data: Data }) {
  const { data } = props;
  const fetcher = useDialogFetcher(props.onClose);
  return (
    <EntityEditDialog
      {...props}
      title={["Edita l'actuació", "Nova actuació"]}
      description="Només es veu a la web quan està publicada. Els quilòmetres surten dels trams triats."
      schema={resultSchema}
      className="sm:max-w-2xl"
      {...fetcher}
    >
      {(err, row) => {
        const states = data.states.filter((s) => s.isActive || s.id === row?.stateId);
        return (
          <>
            <LanguageTabs
              error={err}
              translations={row?.translations}
              texts={[
                { name: "title", label: "Títol", maxLength: 200 },
                {
                  name: "description",
                  label: "Descripció",
                  render: (field) => (
                    <MarkdownEditor
                      label={field.label}
                      defaultValue={field.value}
                      onChange={field.onChange}
                      lang={field.lang}
                      rows={5}
                      error={field.error}
                      preview={(text) => <Markdown>{text}</Markdown>}
                    />
                  ),
                },
              ]}
              catalan={
                <>
                  <InputField label="Títol" name="title" defaultValue={row?.title ?? ""} maxLength={200} required error={err("title")} />
                  <MarkdownEditor
                    name="description"
                    label={`Descripció (opcional, fins a ${formatNumber(MAX_RESULT_TEXT)} caràcters)`}
                    defaultValue={row?.description ?? ""}
                    rows={5}
                    error={err("description")}
                    preview={(text) => <Markdown>{text}</Markdown>}
                  />
                </>
              }
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Estat" error={err("stateId")}>
                <Select
                  name="stateId"
                  defaultValue={row?.stateId ?? states[0]?.id}
                  options={states.map((s) => [s.id, s.isActive ? s.label : `${s.label} (retirat)`] as const)}
                />
              </FormField>
              <InputField
                label="Avenç (%)"
                name="progress"
                type="number"
                min={0}
                max={100}
                defaultValue={row?.progress ?? 0}
                error={err("progress")}
              />
              <FormField label="Àmbit (opcional)" error={err("category")}>
                <Select
                  name="category"
                  defaultValue={row?.category ?? ""}
                  none="Sense àmbit"
                  options={labelled(categories, categoryLabels)}
                />
              </FormField>
              <InputField
                label="Pressupost en euros (opcional)"
                name="budget"
                inputMode="numeric"
                defaultValue={row?.budget ?? ""}
                error={err("budget")}
              />
              <InputField
                label="Data prevista (opcional)"
                name="plannedDate"
                type="date"
                defaultValue={row?.plannedDate ?? ""}
                error={err("plannedDate")}
              />
              <InputField
                label="Data real (opcional)"
                name="realDate"
                type="date"
                defaultValue={row?.realDate ?? ""}
                error={err("realDate")}
              />
            </div>
            <MultiPick
              name="municipalities"
              label="Municipis"
              options={data.municipalities.map((m) => ({ value: m, label: m }))}
              defaultValue={row?.municipalities ?? []}
              error={err("municipalities")}
            />
            <MultiPick
              name="segmentRefs"
              label="Trams de la xarxa (capes del mapa)"
              hint="Els trams es dibuixen al mapa del seguiment amb el color de l'estat i en sumen els quilòmetres."
              options={data.segments}
              defaultValue={row?.segmentRefs ?? []}
              error={err("segmentRefs")}
            />
            <MultiPick
              name="contributionRefs"
              label="Aportacions que l'han originada"
              hint="A la web només es mostren les aportacions publicades."
              options={data.contributions}
              defaultValue={row?.contributionRefs ?? []}
              error={err("contributionRefs")}
            />
            <ActiveField id="result-public" label="Publicada (es veu al seguiment del pla)" defaultChecked={row?.isActive ?? false} />
          </>
        );
      }}
    </EntityEditDialog>
  );
}
