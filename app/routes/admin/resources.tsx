import { asc } from "drizzle-orm";
import { FileText, Pencil, Plus, Trash2 } from "lucide-react";
import { useCallback, useState } from "react";
import { data } from "react-router";
import type { FieldErrors } from "~/lib/forms";
import type { Route } from "./+types/resources";
import { ActiveToggle, EmptyState, PageTitle, clientErrors, useConfirmDelete, useUploadWithProgress } from "~/components/admin/admin-ui";
import { FormField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Progress } from "~/components/ui/progress";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { resources } from "~/db/schema";
import { resourceAction } from "~/lib/admin-resources.server";
import { resourceSchema } from "~/lib/admin-schemas";
import { imageVariantUrl } from "~/lib/images";
import { requireAdmin } from "~/lib/session.server";
import { mediaUrl } from "~/lib/storage.server";
import { cn } from "~/lib/utils";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await context.db.select().from(resources).orderBy(asc(resources.position), asc(resources.createdAt));
  return {
    resources: rows.map((r) => ({
      ...r,
      url: r.mediaKey ? mediaUrl(r.mediaKey) : (r.externalUrl ?? ""),
      preview: r.mediaKey && r.mediaType === "image" ? imageVariantUrl(r.mediaKey, 800) : null,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { status, body } = await resourceAction(request, context);
  return data(body, { status });
}

const TYPE_LABELS = { image: "Imatge", video: "Vídeo", document: "Document" } as const;
type Row = Route.ComponentProps["loaderData"]["resources"][number];

export default function AdminResources({ loaderData }: Route.ComponentProps) {
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const { remove } = useConfirmDelete();
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
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.resources.map((r) => (
            <li key={r.id} className={cn("flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm", !r.isActive && "opacity-60")}>
              {r.preview ? (
                <img src={r.preview} alt="" width={800} height={450} loading="lazy" className="aspect-video w-full rounded object-cover" />
              ) : (
                <div className="flex aspect-video w-full items-center justify-center rounded bg-brand-soft">
                  <FileText aria-hidden="true" className="size-10 text-brand-dark" />
                </div>
              )}
              <div className="flex gap-2">
                <Badge variant="soft">{TYPE_LABELS[r.mediaType]}</Badge>
                <Badge variant="outline">Posició {r.position}</Badge>
              </div>
              <h2 className="font-bold">{r.title}</h2>
              {r.description && <p className="text-sm">{r.description}</p>}
              <a href={r.url} target="_blank" rel="noopener noreferrer" className="truncate text-sm font-semibold underline">
                Obre el recurs<span className="sr-only"> {r.title} (s'obre en una pestanya nova)</span>
              </a>
              <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
                <ActiveToggle id={r.id} active={r.isActive} label={`Actiu: ${r.title}`} />
                <Button variant="outline" size="sm" onClick={() => setEditing(r)} aria-label={`Edita ${r.title}`}>
                  <Pencil aria-hidden="true" /> Edita
                </Button>
                <Button
                  variant="destructive"
                  size="sm"
                  onClick={() => remove(r.id, "Segur que vols eliminar aquest recurs?")}
                  aria-label={`Elimina ${r.title}`}
                >
                  <Trash2 aria-hidden="true" /> Elimina
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ResourceDialog key={editing === "new" ? "new" : (editing?.id ?? "none")} editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function ResourceDialog({ editing, onClose }: { editing: Row | "new" | null; onClose: () => void }) {
  const close = useCallback(() => onClose(), [onClose]);
  const upload = useUploadWithProgress(close);
  const row = editing && editing !== "new" ? editing : null;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [external, setExternal] = useState(Boolean(row?.externalUrl));
  const [active, setActive] = useState(row?.isActive ?? true);
  const [preview, setPreview] = useState<string | null>(row?.preview ?? null);
  const err = (k: string) => errors[k] ?? upload.result?.fieldErrors?.[k];
  return (
    <Dialog open={editing !== null} onOpenChange={(o) => !o && !upload.sending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{row ? "Edita el recurs" : "Nou recurs"}</DialogTitle>
          <DialogDescription>Una imatge, un vídeo o un PDF, o bé una URL externa (un fitxer, YouTube o Vimeo).</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            const found = clientErrors(resourceSchema, form) ?? {};
            const file = (form.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
            const url = (form.elements.namedItem("externalUrl") as HTMLInputElement | null)?.value.trim();
            if (external && !url) found.externalUrl = "Selecciona un fitxer o indica una URL externa";
            if (!external && !row && !file) found.file = "Selecciona un fitxer o indica una URL externa";
            setErrors(found);
            if (Object.keys(found).length > 0) return;
            upload.send("/admin/upload/resources", new FormData(form));
          }}
        >
          <input type="hidden" name="intent" value={row ? "update" : "create"} />
          {row && <input type="hidden" name="id" value={row.id} />}
          <input type="hidden" name="isActive" value={String(active)} />
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
            <FormField label={row ? "Fitxer (opcional: es manté l'actual)" : "Fitxer"} error={err("file")}>
              <Input
                name="file"
                type="file"
                accept="image/*,video/mp4,video/webm,application/pdf"
                onChange={(e) => {
                  const f = e.currentTarget.files?.[0];
                  setPreview(f && f.type.startsWith("image/") ? URL.createObjectURL(f) : null);
                }}
              />
            </FormField>
          )}
          {preview && !external && <img src={preview} alt="Vista prèvia de la imatge" className="max-h-40 w-auto rounded object-contain" />}
          <div className="flex items-center gap-3">
            <Switch id="resource-active" checked={active} onCheckedChange={setActive} />
            <Label htmlFor="resource-active">Actiu</Label>
          </div>
          {upload.progress !== null && <Progress value={upload.progress} aria-label="Progrés de la pujada" />}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={upload.sending}>
              Cancel·la
            </Button>
            <Button type="submit" disabled={upload.sending}>
              {upload.sending ? "Pujant..." : "Desa"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
