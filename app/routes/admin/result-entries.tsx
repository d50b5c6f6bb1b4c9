import { useMemo } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/result-entries";
import { useDialogFetcher } from "~/components/admin/admin-ui";
import { EntityEditDialog, fileErrors, FileField } from "~/components/admin/edit-dialog";
import { EntityScreen, type EntityDialogProps } from "~/components/admin/entity-card";
import { LanguageTabs } from "~/components/admin/language-tabs";
import { FormField, InputField, TextareaField } from "~/components/form-field";
import { Select } from "~/components/ui/select";
import { UPLOADS } from "~/domain/uploads";
import { adminPaths } from "~/lib/admin-paths";
import { formatLongDate } from "~/lib/dates";
import { MAX_ENTRY_TEXT, resultEntrySchema } from "~/lib/results";

export { loader, action } from "./result-entries.server";

type Data = Route.ComponentProps["loaderData"];
type Row = Data["entries"][number];

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

export default function AdminResultEntries({ loaderData }: Route.ComponentProps) {
  // One component for as long as the data is the same: a new one on each render would remount the open dialog.
  const results = loaderData.results;
  const Dialog = useMemo(() => (props: EntityDialogProps<Row>) => <EntryDialog {...props} results={results} />, [results]);
  return (
    <EntityScreen
      title="Fites de les actuacions"
      newLabel="Nova fita"
      intro={
        <p className="mb-6 max-w-3xl">
          La història de cada actuació del <Link to={adminPaths.adminResults}>seguiment del pla</Link>, amb data: «Aprovat el projecte»,
          «Inici d'obres»… Cada fita es veu a la pàgina pública de l'actuació quan l'actuació està publicada.
        </p>
      }
      empty={loaderData.results.length === 0 ? "Primer crea una actuació al seguiment del pla." : "Encara no hi ha cap fita."}
      rows={loaderData.entries}
      dialog={Dialog}
      card={(e) => ({
        title: `${formatLongDate(e.date)}: ${e.result}`,
        remove: { question: "Estàs segur que vols eliminar aquesta fita?" },
        media: e.image && (
          <img
            src={e.image.src}
            srcSet={e.image.srcSet}
            sizes="33vw"
            alt=""
            loading="lazy"
            className="aspect-[4/3] w-full rounded object-cover"
          />
        ),
        children: <p className="text-sm whitespace-pre-line">{e.text}</p>,
      })}
    />
  );
}

function EntryDialog(props: EntityDialogProps<Row> & { results: Data["results"] }) {
  const fetcher = useDialogFetcher(props.onClose);
  return (
    <EntityEditDialog
      {...props}
      title={["Edita la fita", "Nova fita"]}
      description="La data, el text i, si vols, una foto (fins a 20 MB)."
      schema={resultEntrySchema}
      check={(form) =>
        fileErrors(form, "image", { required: false, ...UPLOADS.photo, messages: { ...UPLOADS.photo.messages, required: "" } })
      }
      pendingLabel="Desant..."
      multipart
      {...fetcher}
    >
      {(err, row) => (
        <>
          <FormField label="Actuació" error={err("resultId")}>
            <Select
              name="resultId"
              defaultValue={row?.resultId ?? props.results[0]?.id}
              options={props.results.map((r) => [r.id, r.title] as const)}
            />
          </FormField>
          <InputField label="Data" name="date" type="date" defaultValue={row?.date ?? today()} required error={err("date")} />
          <LanguageTabs
            error={err}
            translations={row?.translations}
            texts={[{ name: "text", label: "Text", rows: 3, maxLength: MAX_ENTRY_TEXT }]}
            catalan={
              <TextareaField
                label="Text"
                name="text"
                defaultValue={row?.text ?? ""}
                rows={3}
                maxLength={MAX_ENTRY_TEXT}
                required
                error={err("text")}
              />
            }
          />
          <FileField label="Foto (opcional)" name="image" accept="image/*" editing={Boolean(row?.imageKey)} error={err("image")} />
        </>
      )}
    </EntityEditDialog>
  );
}
