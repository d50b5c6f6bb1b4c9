import { Plus } from "lucide-react";
import { useState } from "react";
import type { Route } from "./+types/activities";
import { EmptyState, PageTitle, useDialogFetcher } from "~/components/admin/admin-ui";
import { dialogKey, EditDialog, editedRow, IntentFields, type Editing } from "~/components/admin/edit-dialog";
import { EntityCard, EntityGrid } from "~/components/admin/entity-card";
import { FormField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { ACTIVITY_EMOJIS, activitySchema } from "~/lib/admin-schemas";
import { formatLongDate, formatTime } from "~/lib/dates";

export { loader, action } from "./activities.server";

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

type Row = Route.ComponentProps["loaderData"]["activities"][number];

export default function AdminActivities({ loaderData }: Route.ComponentProps) {
  const [editing, setEditing] = useState<Editing<Row>>(null);
  return (
    <>
      <PageTitle title="Gestió d'Activitats">
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" /> Nova activitat
        </Button>
      </PageTitle>
      {loaderData.activities.length === 0 ? (
        <EmptyState>No hi ha activitats creades encara.</EmptyState>
      ) : (
        <EntityGrid>
          {loaderData.activities.map((a) => (
            <EntityCard
              key={a.id}
              id={a.id}
              title={a.title}
              onEdit={() => setEditing(a)}
              remove={{ question: "Estàs segur que vols eliminar aquesta activitat?" }}
              media={
                <span className="text-3xl" aria-hidden="true">
                  {a.emoji}
                </span>
              }
            >
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
            </EntityCard>
          ))}
        </EntityGrid>
      )}
      <ActivityDialog key={dialogKey(editing)} editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function ActivityDialog({ editing, onClose }: { editing: Editing<Row>; onClose: () => void }) {
  const fetcher = useDialogFetcher(onClose);
  const row = editedRow(editing);
  return (
    <EditDialog
      open={editing !== null}
      onClose={onClose}
      title={row ? "Edita l'activitat" : "Nova activitat"}
      description="Les activitats es mostren a l'agenda de la pàgina d'inici."
      schema={activitySchema}
      {...fetcher}
    >
      {(err) => (
        <>
          <IntentFields id={row?.id} />
          <FormField label="Títol" error={err("title")}>
            <Input name="title" defaultValue={row?.title ?? ""} required />
          </FormField>
          <FormField label="Data" error={err("date")}>
            <Input name="date" type="date" defaultValue={row?.date ?? today()} required />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
            <FormField label="Hora d'inici (opcional)" error={err("startTime")}>
              <Input name="startTime" type="time" defaultValue={row?.startTime?.slice(0, 5) ?? ""} />
            </FormField>
            <FormField label="Lloc (opcional)" error={err("place")}>
              <Input name="place" defaultValue={row?.place ?? ""} maxLength={200} placeholder="Plaça de la Vila, Vilafranca" />
            </FormField>
          </div>
          <FormField label="Icona" error={err("emoji")}>
            <Select name="emoji" defaultValue={row?.emoji ?? ACTIVITY_EMOJIS[0]} options={ACTIVITY_EMOJIS} />
          </FormField>
          <FormField label="Descripció (opcional)" error={err("description")}>
            <Textarea name="description" defaultValue={row?.description ?? ""} rows={3} />
          </FormField>
          <FormField label="Enllaç (opcional)" error={err("linkUrl")}>
            <Input name="linkUrl" type="url" defaultValue={row?.linkUrl ?? ""} placeholder="https://" />
          </FormField>
          <FormField label="Text de l'enllaç" error={err("linkText")}>
            <Input name="linkText" defaultValue={row?.linkText ?? "Inscriu-te"} />
          </FormField>
        </>
      )}
    </EditDialog>
  );
}
