import { Plus } from "lucide-react";
import { useState } from "react";
import type { Route } from "./+types/videos";
import { EmptyState, PageTitle, formatMb, useUploadWithProgress } from "~/components/admin/admin-ui";
import { dialogKey, EditDialog, editedRow, type Editing } from "~/components/admin/edit-dialog";
import { EntityCard, EntityGrid } from "~/components/admin/entity-card";
import { FormField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Progress } from "~/components/ui/progress";
import { Select } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { categories, categoryLabels } from "~/domain/themes";
import { videoSchema } from "~/lib/admin-schemas";
import type { FieldErrors } from "~/lib/forms";

export { loader, action } from "./videos.server";

const MAX = 100 * 1024 * 1024;
type Row = Route.ComponentProps["loaderData"]["videos"][number];

export default function AdminVideos({ loaderData }: Route.ComponentProps) {
  const [editing, setEditing] = useState<Editing<Row>>(null);
  return (
    <>
      <PageTitle title="Gestió de Vídeos">
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" /> Nou vídeo
        </Button>
      </PageTitle>
      {loaderData.videos.length === 0 ? (
        <EmptyState>Cap vídeo trobat</EmptyState>
      ) : (
        <EntityGrid>
          {loaderData.videos.map((v) => (
            <EntityCard
              key={v.id}
              id={v.id}
              title={v.title}
              active={v.isActive}
              onEdit={() => setEditing(v)}
              remove={{ question: "Estàs segur que vols eliminar aquest vídeo?" }}
              media={
                <video
                  src={v.videoUrl}
                  controls
                  preload="metadata"
                  className="aspect-video w-full rounded bg-black"
                  aria-label={`Vídeo: ${v.title}`}
                />
              }
              badges={
                <>
                  <Badge variant="soft">{categoryLabels[v.scope]}</Badge>
                  <Badge variant="outline">{formatMb(v.fileSize)}</Badge>
                </>
              }
            >
              {v.description && <p className="text-sm">{v.description}</p>}
            </EntityCard>
          ))}
        </EntityGrid>
      )}
      <VideoDialog key={dialogKey(editing)} editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function VideoDialog({ editing, onClose }: { editing: Editing<Row>; onClose: () => void }) {
  const upload = useUploadWithProgress(onClose);
  const row = editedRow(editing);
  const [active, setActive] = useState(row?.isActive ?? true);
  return (
    <EditDialog
      open={editing !== null}
      onClose={onClose}
      title={row ? "Edita el vídeo" : "Nou vídeo"}
      description="MP4 o WebM, fins a 100 MB. El vídeo actiu més recent de cada àmbit es mostra a la seva pàgina."
      schema={videoSchema}
      check={(form) => {
        const found: FieldErrors = {};
        const file = (form.elements.namedItem("file") as HTMLInputElement).files?.[0];
        if (!row && !file) found.file = "Selecciona un fitxer de vídeo";
        else if (file && !file.type.startsWith("video/")) found.file = "Només es permeten fitxers de vídeo";
        else if (file && file.size > MAX) found.file = "El fitxer és massa gran (màxim 100MB)";
        return found;
      }}
      send={(form) => upload.send("/admin/upload/videos", new FormData(form))}
      pending={upload.sending}
      pendingLabel="Pujant..."
      serverErrors={upload.result?.fieldErrors}
      multipart
    >
      {(err) => (
        <>
          <input type="hidden" name="intent" value={row ? "update" : "create"} />
          {row && <input type="hidden" name="id" value={row.id} />}
          <input type="hidden" name="isActive" value={String(active)} />
          <FormField label="Àmbit" error={err("scope")}>
            <Select name="scope" defaultValue={row?.scope ?? "ciutadania"}>
              {categories.map((c) => (
                <option key={c} value={c}>
                  {categoryLabels[c]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Títol" error={err("title")}>
            <Input name="title" defaultValue={row?.title ?? ""} required />
          </FormField>
          <FormField label="Descripció (opcional)" error={err("description")}>
            <Textarea name="description" defaultValue={row?.description ?? ""} rows={3} />
          </FormField>
          <FormField label={row ? "Fitxer de vídeo (opcional: es manté l'actual)" : "Fitxer de vídeo"} error={err("file")}>
            <Input name="file" type="file" accept="video/mp4,video/webm" />
          </FormField>
          <div className="flex items-center gap-3">
            <Switch id="video-active" checked={active} onCheckedChange={setActive} />
            <Label htmlFor="video-active">Actiu</Label>
          </div>
          {upload.progress !== null && (
            <div className="flex flex-col gap-1">
              <Progress value={upload.progress} aria-label="Progrés de la pujada" />
              <p className="text-sm" aria-live="polite">
                {upload.progress}%
              </p>
            </div>
          )}
        </>
      )}
    </EditDialog>
  );
}
