import { Plus } from "lucide-react";
import { useState } from "react";
import type { Route } from "./+types/videos";
import { EmptyState, PageTitle, formatMb, useUploadDialog } from "~/components/admin/admin-ui";
import {
  ActiveField,
  dialogKey,
  EditDialog,
  editedRow,
  FileField,
  fileErrors,
  IntentFields,
  type Editing,
} from "~/components/admin/edit-dialog";
import { EntityCard, EntityGrid } from "~/components/admin/entity-card";
import { UploadProgress } from "~/components/admin/upload-progress";
import { FormField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { labelled, Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { categories, categoryLabels } from "~/domain/themes";
import { UPLOADS } from "~/domain/uploads";
import { videoSchema } from "~/lib/admin-schemas";

export { loader, action } from "./videos.server";

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
  const upload = useUploadDialog("videos", onClose);
  const row = editedRow(editing);
  return (
    <EditDialog
      open={editing !== null}
      onClose={onClose}
      title={row ? "Edita el vídeo" : "Nou vídeo"}
      description="MP4 o WebM, fins a 100 MB. El vídeo actiu més recent de cada àmbit es mostra a la seva pàgina."
      schema={videoSchema}
      check={(form) => fileErrors(form, "file", { required: !row, ...UPLOADS.video })}
      {...upload.dialog}
    >
      {(err) => (
        <>
          <IntentFields id={row?.id} />
          <FormField label="Àmbit" error={err("scope")}>
            <Select name="scope" defaultValue={row?.scope ?? "ciutadania"} options={labelled(categories, categoryLabels)} />
          </FormField>
          <FormField label="Títol" error={err("title")}>
            <Input name="title" defaultValue={row?.title ?? ""} required />
          </FormField>
          <FormField label="Descripció (opcional)" error={err("description")}>
            <Textarea name="description" defaultValue={row?.description ?? ""} rows={3} />
          </FormField>
          <FileField label="Fitxer de vídeo" accept="video/mp4,video/webm" editing={Boolean(row)} error={err("file")} />
          <ActiveField id="video-active" defaultChecked={row?.isActive} />
          <UploadProgress value={upload.progress} />
        </>
      )}
    </EditDialog>
  );
}
