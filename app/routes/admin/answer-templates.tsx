import { useMemo } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/answer-templates";
import { useDialogFetcher } from "~/components/admin/admin-ui";
import { EntityEditDialog, PositionField } from "~/components/admin/edit-dialog";
import { EntityScreen, type EntityDialogProps } from "~/components/admin/entity-card";
import { AnswerStateBadge } from "~/components/answer-state-badge";
import { FormField, InputField, TextareaField } from "~/components/form-field";
import { Select } from "~/components/ui/select";
import { adminPaths } from "~/lib/admin-paths";
import { answerTemplateSchema, MAX_ANSWER } from "~/lib/answers";

export { loader, action } from "./answer-templates.server";

type Template = Route.ComponentProps["loaderData"]["templates"][number];
type State = Route.ComponentProps["loaderData"]["states"][number];

/** The answer templates (decision 068): reusable texts, one or more per state; bulk answering on
 * the answering screen applies one. */
export default function AdminAnswerTemplates({ loaderData }: Route.ComponentProps) {
  const { states, templates } = loaderData;
  const stateOf = (id: string) => states.find((s) => s.id === id);
  // One component for the screen's life (a new one on each render would remount the open dialog).
  const Dialog = useMemo(
    () =>
      function Dialog(props: EntityDialogProps<Template>) {
        return <TemplateDialog {...props} states={states} />;
      },
    [states],
  );
  return (
    <EntityScreen
      title="Plantilles de resposta"
      newLabel="Nova plantilla"
      intro={
        <p className="mb-6 max-w-3xl">
          Textos de resposta que es fan servir sovint, cadascun d'un estat. Des de{" "}
          <Link to={adminPaths.adminAnswers} className="font-semibold underline">
            Respostes
          </Link>{" "}
          es pot aplicar una plantilla a moltes aportacions d'un cop. El text es desa a cada resposta com a esborrany; canviar o eliminar la
          plantilla no canvia les respostes ja escrites.
        </p>
      }
      empty="Encara no hi ha cap plantilla de resposta."
      rows={templates}
      dialog={Dialog}
      card={(t) => {
        const state = stateOf(t.stateId);
        return {
          title: t.title,
          remove: { question: `Estàs segur que vols eliminar la plantilla «${t.title}»? Les respostes ja escrites no canvien.` },
          badges: state && <AnswerStateBadge label={state.label} colour={state.colour} />,
          children: <p className="line-clamp-4 text-sm break-words whitespace-pre-line">{t.text}</p>,
        };
      }}
    />
  );
}

function TemplateDialog(props: EntityDialogProps<Template> & { states: readonly State[] }) {
  const { states, ...rest } = props;
  const fetcher = useDialogFetcher(props.onClose);
  return (
    <EntityEditDialog
      {...rest}
      title={["Edita la plantilla", "Nova plantilla"]}
      description="El text s'escriu en Markdown, com les respostes, i es publica tal com s'escriu."
      schema={answerTemplateSchema}
      {...fetcher}
    >
      {(err, row) => {
        const offered = states.filter((s) => s.isActive || s.id === row?.stateId);
        return (
          <>
            <FormField label="Estat" error={err("stateId")}>
              <Select name="stateId" defaultValue={row?.stateId ?? offered[0]?.id} options={offered.map((s) => [s.id, s.label])} />
            </FormField>
            <InputField
              label="Nom (només per a l'equip)"
              name="title"
              defaultValue={row?.title ?? ""}
              maxLength={80}
              required
              error={err("title")}
            />
            <TextareaField
              label="Text (Markdown)"
              name="text"
              rows={6}
              defaultValue={row?.text ?? ""}
              maxLength={MAX_ANSWER}
              required
              error={err("text")}
            />
            <PositionField label="Posició (ordre a les llistes)" value={row?.position} error={err("position")} />
          </>
        );
      }}
    </EntityEditDialog>
  );
}
