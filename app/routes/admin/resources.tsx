import { FileText, Plus } from "lucide-react";
import { useState } from "react";
import type { Route } from "./+types/resources";
import { EmptyState, PageTitle, useUploadDialog } from "~/components/admin/admin-ui";
import { ActiveField, dialogKey, EditDialog, editedRow, FileField, IntentFields, type Editing } from "~/components/admin/edit-dialog";
import { EntityCard, EntityGrid } from "~/components/admin/entity-card";
import { UploadProgress } from "~/components/admin/upload-progress";
import { FormField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { resourceSchema } from "~/lib/admin-schemas";
import type { FieldErrors } from "~/lib/forms";

export { loader, action } from "./resources.server";

const TYPE_LABELS = { image: "Imatge", video: "Vídeo", document: "Document" } as const;
const MEDIA_REQUIRED = "Selecciona un fitxer o indica una URL externa";
type Row = Route.ComponentProps["loaderData"]["resources"][number];

export default function AdminResources({ loaderData }: Route.ComponentProps) {
  const [editing, setEditing] = useState<Editing<Row>>(null);
  return (
    <>
      <PageTitle title="Recursos">
        {loaderData.resources.length > 0 && (
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" /> Nou recurs
          </Button>
        )}
      </PageTitle>
      {loaderData.resources.length === 0 ? (
        <EmptyState>
          <p>Encara no hi ha recursos.</p>
          <Button className="mt-4" onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" /> Afegir el primer recurs
          </Button>
        </EmptyState>
      ) : (
        <EntityGrid>
          {loaderData.resources.map((r) => (
            <EntityCard
              key={r.id}
              id={r.id}
              title={r.title}
              active={r.isActive}
              onEdit={() => setEditing(r)}
              remove={{ question: "Segur que vols eliminar aquest recurs?" }}
              media={
                r.preview ? (
                  <img
                    src={r.preview}
                    alt=""
                    width={800}
                    height={450}
                    loading="lazy"
                    className="aspect-video w-full rounded object-cover"
                  />
                ) : (
                  <div className="flex aspect-video w-full items-center justify-center rounded bg-brand-soft">
                    <FileText aria-hidden="true" className="size-10 text-brand-dark" />
                  </div>
                )
              }
              badges={
                <>
                  <Badge variant="soft">{TYPE_LABELS[r.mediaType]}</Badge>
                  <Badge variant="outline">Posició {r.position}</Badge>
                </>
              }
            >
              {r.description && <p className="text-sm">{r.description}</p>}
              <a href={r.url} target="_blank" rel="noopener noreferrer" className="truncate text-sm font-semibold underline">
                Obre el recurs<span className="sr-only"> {r.title} (s'obre en una pestanya nova)</span>
              </a>
            </EntityCard>
          ))}
        </EntityGrid>
      )}
      <ResourceDialog key={dialogKey(editing)} editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function ResourceDialog({ editing, onClose }: { editing: Editing<Row>; onClose: () => void }) {
  const upload = useUploadDialog("resources", onClose);
  const row = editedRow(editing);
  const [external, setExternal] = useState(Boolean(row?.externalUrl));
  const [preview, setPreview] = useState<string | null>(row?.preview ?? null);
  return (
    <EditDialog
      open={editing !== null}
      onClose={onClose}
      title={row ? "Edita el recurs" : "Nou recurs"}
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
          <IntentFields id={row?.id} />
          <input type="hidden" name="useExternal" value={String(external)} />
          <FormField label="Títol" error={err("title")}>
            <Input name="title" defaultValue={row?.title ?? ""} required />
          </FormField>
          <FormField label="Descripció" error={err("description")}>
            <Textarea name="description" defaultValue={row?.description ?? ""} rows={2} />
          </FormField>
          <FormField label="Text complet (finestra emergent)" error={err("fullText")}>
            <Textarea name="fullText" defaultValue={row?.fullText ?? ""} rows={4} />
          </FormField>
          <FormField label="Posició" error={err("position")}>
            <Input name="position" type="number" min={0} defaultValue={row?.position ?? 0} />
          </FormField>
          <div className="flex items-center gap-2">
            <Checkbox id="resource-external" checked={external} onCheckedChange={(c) => setExternal(c === true)} />
            <Label htmlFor="resource-external">Fes servir una URL externa en lloc de pujar un fitxer</Label>
          </div>
          {external ? (
            <FormField label="URL externa" error={err("externalUrl")}>
              <Input name="externalUrl" type="url" defaultValue={row?.externalUrl ?? ""} placeholder="https://" />
            </FormField>
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
          {preview && !external && <img src={preview} alt="Vista prèvia de la imatge" className="max-h-40 w-auto rounded object-contain" />}
          <ActiveField id="resource-active" defaultChecked={row?.isActive} />
          <UploadProgress value={upload.progress} />
        </>
      )}
    </EditDialog>
  );
}
