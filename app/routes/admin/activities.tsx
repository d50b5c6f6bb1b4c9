import type { Route } from "./+types/activities";
import { useDialogFetcher } from "~/components/admin/admin-ui";
import { EntityEditDialog, LinkField } from "~/components/admin/edit-dialog";
import { EntityScreen, type EntityDialogProps } from "~/components/admin/entity-card";
import { LanguageTabs, type TranslatedText } from "~/components/admin/language-tabs";
import { FormField, InputField, TextareaField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Select } from "~/components/ui/select";
import { ACTIVITY_EMOJIS, activitySchema } from "~/lib/admin-schemas";
import { formatLongDate, formatTime } from "~/lib/dates";

export { loader, action } from "./activities.server";

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

type Row = Route.ComponentProps["loaderData"]["activities"][number];

/** The activity's texts staff may translate (decision 062). */
const ACTIVITY_TEXTS: TranslatedText[] = [
  { name: "title", label: "Títol", maxLength: 200 },
  { name: "place", label: "Lloc", maxLength: 200 },
  { name: "description", label: "Descripció", rows: 3 },
  { name: "linkText", label: "Text de l'enllaç", maxLength: 60 },
];

export default function AdminActivities({ loaderData }: Route.ComponentProps) {
  return (
    <EntityScreen
      title="Gestió d'Activitats"
      newLabel="Nova activitat"
      empty="No hi ha activitats creades encara."
      rows={loaderData.activities}
      dialog={ActivityDialog}
      card={(a) => ({
        title: a.title,
        remove: { question: "Estàs segur que vols eliminar aquesta activitat?" },
        media: (
          <span className="text-3xl" aria-hidden="true">
            {a.emoji}
          </span>
        ),
        children: (
          <>
            <p className="text-sm text-ink/80">
              {formatLongDate(a.date)}
              {a.startTime && `, ${formatTime(a.startTime)}`}
            </p>
            {a.place && <p className="text-sm text-ink/80">{a.place}</p>}
            {a.description && <p className="text-sm whitespace-pre-line">{a.description}</p>}
            {a.linkUrl && (
              <Badge variant="soft" className="max-w-full truncate">
                {a.linkText}: {a.linkUrl}
              </Badge>
            )}
          </>
        ),
      })}
    />
  );
}

function ActivityDialog(props: EntityDialogProps<Row>) {
  const fetcher = useDialogFetcher(props.onClose);
  return (
    <EntityEditDialog
      {...props}
      title={["Edita l'activitat", "Nova activitat"]}
      description="Les activitats es mostren a l'agenda de la pàgina d'inici."
      schema={activitySchema}
      {...fetcher}
    >
      {(err, row) => (
        <>
          <LanguageTabs
            error={err}
            translations={row?.translations}
            texts={ACTIVITY_TEXTS}
            catalan={
              <>
                <InputField label="Títol" name="title" defaultValue={row?.title ?? ""} required error={err("title")} />
                <InputField
                  label="Lloc (opcional)"
                  name="place"
                  defaultValue={row?.place ?? ""}
                  maxLength={200}
                  placeholder="Plaça de la Vila, Vilafranca"
                  error={err("place")}
                />
                <TextareaField
                  label="Descripció (opcional)"
                  name="description"
                  defaultValue={row?.description ?? ""}
                  rows={3}
                  error={err("description")}
                />
                <InputField label="Text de l'enllaç" name="linkText" defaultValue={row?.linkText ?? "Inscriu-te"} error={err("linkText")} />
              </>
            }
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField label="Data" name="date" type="date" defaultValue={row?.date ?? today()} required error={err("date")} />
            <InputField
              label="Hora d'inici (opcional)"
              name="startTime"
              type="time"
              defaultValue={row?.startTime?.slice(0, 5) ?? ""}
              error={err("startTime")}
            />
          </div>
          <FormField label="Icona" error={err("emoji")}>
            <Select name="emoji" defaultValue={row?.emoji ?? ACTIVITY_EMOJIS[0]} options={ACTIVITY_EMOJIS} />
          </FormField>
          <LinkField value={row?.linkUrl} error={err("linkUrl")} />
        </>
      )}
    </EntityEditDialog>
  );
}
