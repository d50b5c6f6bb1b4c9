import { desc } from "drizzle-orm";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useCallback, useState } from "react";
import { data } from "react-router";
import type { FieldErrors } from "~/lib/forms";
import type { Route } from "./+types/videos";
import {
  ActiveToggle,
  EmptyState,
  PageTitle,
  clientErrors,
  formatMb,
  useConfirmDelete,
  useUploadWithProgress,
} from "~/components/admin/admin-ui";
import { FormField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Progress } from "~/components/ui/progress";
import { Select } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { videos } from "~/db/schema";
import { categories, categoryLabels } from "~/domain/themes";
import { videoAction } from "~/lib/admin-videos.server";
import { videoSchema } from "~/lib/admin-schemas";
import { requireAdmin } from "~/lib/session.server";
import { mediaUrl } from "~/lib/storage.server";
import { cn } from "~/lib/utils";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await context.db.select().from(videos).orderBy(desc(videos.createdAt));
  return { videos: rows.map((v) => ({ ...v, videoUrl: mediaUrl(v.videoKey) })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { status, body } = await videoAction(request, context);
  return data(body, { status });
}

const MAX = 100 * 1024 * 1024;
type Row = Route.ComponentProps["loaderData"]["videos"][number];

export default function AdminVideos({ loaderData }: Route.ComponentProps) {
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const { remove } = useConfirmDelete();
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
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.videos.map((v) => (
            <li key={v.id} className={cn("flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm", !v.isActive && "opacity-60")}>
              <video
                src={v.videoUrl}
                controls
                preload="metadata"
                className="aspect-video w-full rounded bg-black"
                aria-label={`Vídeo: ${v.title}`}
              />
              <div className="flex flex-wrap gap-2">
                <Badge variant="soft">{categoryLabels[v.scope]}</Badge>
                <Badge variant="outline">{formatMb(v.fileSize)}</Badge>
              </div>
              <h2 className="font-bold">{v.title}</h2>
              {v.description && <p className="text-sm">{v.description}</p>}
              <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
                <ActiveToggle id={v.id} active={v.isActive} label={`Actiu: ${v.title}`} />
                <Button variant="outline" size="sm" onClick={() => setEditing(v)} aria-label={`Edita ${v.title}`}>
                  <Pencil aria-hidden="true" /> Edita
                </Button>
                <Button
                  variant="destructive"
                  size="sm"
                  onClick={() => remove(v.id, "Estàs segur que vols eliminar aquest vídeo?")}
                  aria-label={`Elimina ${v.title}`}
                >
                  <Trash2 aria-hidden="true" /> Elimina
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <VideoDialog key={editing === "new" ? "new" : (editing?.id ?? "none")} editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function VideoDialog({ editing, onClose }: { editing: Row | "new" | null; onClose: () => void }) {
  const close = useCallback(() => onClose(), [onClose]);
  const upload = useUploadWithProgress(close);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [active, setActive] = useState(editing && editing !== "new" ? editing.isActive : true);
  const row = editing && editing !== "new" ? editing : null;
  const err = (k: string) => errors[k] ?? upload.result?.fieldErrors?.[k];
  return (
    <Dialog open={editing !== null} onOpenChange={(o) => !o && !upload.sending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{row ? "Edita el vídeo" : "Nou vídeo"}</DialogTitle>
          <DialogDescription>
            MP4 o WebM, fins a 100 MB. El vídeo actiu més recent de cada àmbit es mostra a la seva pàgina.
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          noValidate
          encType="multipart/form-data"
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            const found = clientErrors(videoSchema, form) ?? {};
            const file = (form.elements.namedItem("file") as HTMLInputElement).files?.[0];
            if (!row && !file) found.file = "Selecciona un fitxer de vídeo";
            else if (file && !file.type.startsWith("video/")) found.file = "Només es permeten fitxers de vídeo";
            else if (file && file.size > MAX) found.file = "El fitxer és massa gran (màxim 100MB)";
            setErrors(found);
            if (Object.keys(found).length > 0) return;
            upload.send("/admin/upload/videos", new FormData(form));
          }}
        >
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
