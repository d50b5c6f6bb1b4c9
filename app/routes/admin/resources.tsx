import { FileText } from "lucide-react";
import { useState } from "react";
import type { Route } from "./+types/resources";
import { useUploadDialog } from "~/components/admin/admin-ui";
import { ActiveField, editedRow, EntityEditDialog, FileField, PositionField } from "~/components/admin/edit-dialog";
import { EntityScreen, type EntityDialogProps } from "~/components/admin/entity-card";
import { UploadProgress } from "~/components/admin/upload-progress";
import { FormField, InputField, TextareaField } from "~/components/form-field";
import { Input } from "~/components/ui/input";
import { Badge } from "~/components/ui/badge";
import { Checkbox } from "~/components/ui/checkbox";
import { Label } from "~/components/ui/label";
import { resourceSchema } from "~/lib/admin-schemas";
import type { FieldErrors } from "~/lib/forms";
import { LanguageTabs } from "~/components/admin/language-tabs";

export { loader, action } from "./resources.server";

const TYPE_LABELS = { image: "Imatge", video: "Vídeo", document: "Document" } as const;
const MEDIA_REQUIRED = "Selecciona un fitxer o indica una URL externa";
type Row = Route.ComponentProps["loaderData"]["resources"][number];

export default function AdminResources({ loaderData }: Route.ComponentProps) {
  return (
    <EntityScreen
      title="Recursos"
      newLabel="Nou recurs"
      empty="Encara no hi ha recursos."
      emptyNewLabel="Afegir el primer recurs"
      rows={loaderData.resources}
      dialog={ResourceDialog}
      card={(r) => ({
        title: r.title,
        active: r.isActive,
        remove: { question: "Segur que vols eliminar aquest recurs?" },
        media: r.preview ? (
          <img src={r.preview} alt="" width={800} height={450} loading="lazy" className="aspect-video w-full rounded object-cover" />
        ) : (
          <div className="flex aspect-video w-full items-center justify-center rounded bg-brand-soft">
            <FileText aria-hidden="true" className="size-10 text-brand-dark" />
          </div>
        ),
        badges: (
          <>
            <Badge variant="soft">{TYPE_LABELS[r.mediaType]}</Badge>
            {r.captionsUrl && <Badge variant="outline">Amb subtítols</Badge>}
            <Badge variant="outline">Posició {r.position}</Badge>
          </>
        ),
        children: (
          <>
            {r.description && <p className="text-sm">{r.description}</p>}
            <a href={r.url} target="_blank" rel="noopener noreferrer" className="truncate text-sm font-semibold underline">
              Obre el recurs<span className="sr-only"> {r.title} (s'obre en una pestanya nova)</span>
            </a>
          </>
        ),
      })}
    />
  );
}

function ResourceDialog(props: EntityDialogProps<Row>) {
  const upload = useUploadDialog("resources", props.onClose);
  const row = editedRow(props.editing);
  const [external, setExternal] = useState(Boolean(row?.externalUrl));
  const [preview, setPreview] = useState<string | null>(row?.preview ?? null);
  return (
    <EntityEditDialog
      {...props}
      title={["Edita el recurs", "Nou recurs"]}
      description="Una imatge, un vídeo o un PDF, o bé una URL externa (un fitxer, YouTube o Vimeo)."
      schema={resourceSchema}
      check={(form) => {
        const found: FieldErrors = {};
        const file = (form.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
        const url = (form.elements.namedItem("externalUrl") as HTMLInputElement | null)?.value.trim();
        if (external && !url) found.externalUrl = MEDIA_REQUIRED;
        if (!external && !row && !file) found.file = MEDIA_REQUIRED;
        return found;
      }}
      {...upload.dialog}
    >
      {(err) => (
        <>
          <input type="hidden" name="useExternal" value={String(external)} />
          <LanguageTabs
            error={err}
            translations={row?.translations}
            texts={[
              { name: "title", label: "Títol", maxLength: 200 },
              { name: "description", label: "Descripció", rows: 2 },
              { name: "fullText", label: "Text complet", rows: 4 },
              { name: "audioDescription", label: "Audiodescripció", rows: 3 },
            ]}
            catalan={
              <>
                <InputField label="Títol" name="title" defaultValue={row?.title ?? ""} required error={err("title")} />
                <TextareaField
                  label="Descripció"
                  name="description"
                  defaultValue={row?.description ?? ""}
                  rows={2}
                  error={err("description")}
                />
                <TextareaField
                  label="Text complet (finestra emergent)"
                  name="fullText"
                  defaultValue={row?.fullText ?? ""}
                  rows={4}
                  error={err("fullText")}
                />
                <TextareaField
                  label="Audiodescripció (opcional, només per a vídeos)"
                  name="audioDescription"
                  defaultValue={row?.audioDescription ?? ""}
                  rows={3}
                  error={err("audioDescription")}
                />
              </>
            }
          />
          <PositionField value={row?.position} error={err("position")} />
          <div className="flex items-center gap-2">
            <Checkbox id="resource-external" checked={external} onCheckedChange={(c) => setExternal(c === true)} />
            <Label htmlFor="resource-external">Fes servir una URL externa en lloc de pujar un fitxer</Label>
          </div>
          {external ? (
            <InputField
              label="URL externa"
              name="externalUrl"
              type="url"
              defaultValue={row?.externalUrl ?? ""}
              placeholder="https://"
              error={err("externalUrl")}
            />
          ) : (
            <FileField
              label="Fitxer"
              accept="image/*,video/mp4,video/webm,application/pdf"
              editing={Boolean(row)}
              error={err("file")}
              onChange={(e) => {
                const f = e.currentTarget.files?.[0];
                setPreview(f && f.type.startsWith("image/") ? URL.createObjectURL(f) : null);
              }}
            />
          )}
          {!external && (
            <FormField
              label="Subtitulació del vídeo (fitxer WebVTT .vtt, opcional)"
              error={err("captions")}
              hint={
                row?.captionsUrl
                  ? "Aquest vídeo ja té subtítols: un fitxer nou els substitueix."
                  : "Per a un vídeo amb so: un fitxer WebVTT de fins a 1 MB."
              }
            >
              <Input name="captions" type="file" accept=".vtt,text/vtt" />
            </FormField>
          )}
          {!external && row?.captionsUrl && (
            <div className="flex items-center gap-2">
              <Checkbox id="resource-remove-captions" name="removeCaptions" value="true" />
              <Label htmlFor="resource-remove-captions">Treu la subtitulació actual</Label>
            </div>
          )}
          {preview && !external && <img src={preview} alt="Vista prèvia de la imatge" className="max-h-40 w-auto rounded object-contain" />}
          <ActiveField id="resource-active" defaultChecked={row?.isActive} />
          <UploadProgress value={upload.progress} />
        </>
      )}
    </EntityEditDialog>
  );
}
