import type { Route } from "./+types/videos";
import { formatMb, useUploadDialog } from "~/components/admin/admin-ui";
import { ActiveField, EntityEditDialog, fileErrors, FileField } from "~/components/admin/edit-dialog";
import { EntityScreen, type EntityDialogProps } from "~/components/admin/entity-card";
import { UploadProgress } from "~/components/admin/upload-progress";
import { FormField, InputField, TextareaField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { labelled, Select } from "~/components/ui/select";
import { categories, categoryLabels } from "~/domain/themes";
import { UPLOADS } from "~/domain/uploads";
import { videoSchema } from "~/lib/admin-schemas";
import { LanguageTabs } from "~/components/admin/language-tabs";

export { loader, action } from "./videos.server";

type Row = Route.ComponentProps["loaderData"]["videos"][number];

export default function AdminVideos({ loaderData }: Route.ComponentProps) {
  return (
    <EntityScreen
      title="Gestió de Vídeos"
      newLabel="Nou vídeo"
      empty="Cap vídeo trobat"
      rows={loaderData.videos}
      dialog={VideoDialog}
      card={(v) => ({
        title: v.title,
        active: v.isActive,
        remove: { question: "Estàs segur que vols eliminar aquest vídeo?" },
        media: (
          <video
            src={v.videoUrl}
            controls
            preload="metadata"
            className="aspect-video w-full rounded bg-black"
            aria-label={`Vídeo: ${v.title}`}
          />
        ),
        badges: (
          <>
            <Badge variant="soft">{categoryLabels[v.scope]}</Badge>
            <Badge variant="outline">{formatMb(v.fileSize)}</Badge>
          </>
        ),
        children: v.description && <p className="text-sm">{v.description}</p>,
      })}
    />
  );
}

function VideoDialog(props: EntityDialogProps<Row>) {
  const upload = useUploadDialog("videos", props.onClose);
  return (
    <EntityEditDialog
      {...props}
      title={["Edita el vídeo", "Nou vídeo"]}
      description="MP4 o WebM, fins a 100 MB. El vídeo actiu més recent de cada àmbit es mostra a la seva pàgina."
      schema={videoSchema}
      check={(form, row) => fileErrors(form, "file", { required: !row, ...UPLOADS.video })}
      {...upload.dialog}
    >
      {(err, row) => (
        <>
          <FormField label="Àmbit" error={err("scope")}>
            <Select name="scope" defaultValue={row?.scope ?? "ciutadania"} options={labelled(categories, categoryLabels)} />
          </FormField>
          <LanguageTabs
            error={err}
            translations={row?.translations}
            texts={[
              { name: "title", label: "Títol", maxLength: 200 },
              { name: "description", label: "Descripció", rows: 3 },
            ]}
            catalan={
              <>
                <InputField label="Títol" name="title" defaultValue={row?.title ?? ""} required error={err("title")} />
                <TextareaField
                  label="Descripció (opcional)"
                  name="description"
                  defaultValue={row?.description ?? ""}
                  rows={3}
                  error={err("description")}
                />
              </>
            }
          />
          <FileField label="Fitxer de vídeo" accept="video/mp4,video/webm" editing={Boolean(row)} error={err("file")} />
          <ActiveField id="video-active" defaultChecked={row?.isActive} />
          <UploadProgress value={upload.progress} />
        </>
      )}
    </EntityEditDialog>
  );
}
