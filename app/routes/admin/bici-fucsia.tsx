import { Eye, EyeOff, Pencil } from "lucide-react";
import { useCallback, useState } from "react";
import type { Route } from "./+types/bici-fucsia";
import { EmptyState, PageTitle, Panel, useAdminFetcher, useRowAction } from "~/components/admin/admin-ui";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { EntityGrid } from "~/components/admin/entity-card";
import { FormField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/utils";
import { LanguageTabs } from "~/components/admin/language-tabs";

export { loader, action } from "./bici-fucsia.server";

type Photo = Route.ComponentProps["loaderData"]["photos"][number];

export default function AdminBiciFucsia({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle title="Gestió Fotos Vivi" />
      <AddPhoto />
      {loaderData.photos.length === 0 ? (
        <EmptyState>Encara no hi ha fotos de la Vivi.</EmptyState>
      ) : (
        <EntityGrid>
          {loaderData.photos.map((p) => (
            <PhotoCard key={p.id} photo={p} />
          ))}
        </EntityGrid>
      )}
    </>
  );
}

function AddPhoto() {
  const [title, setTitle] = useState("");
  const [preview, setPreview] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const reset = useCallback(() => {
    setTitle("");
    setPreview(null);
    setFormKey((k) => k + 1);
  }, []);
  const fetcher = useAdminFetcher(reset);
  const ready = title.trim() !== "" && preview !== null;
  return (
    <Panel title="Afegeix una foto" className="mb-8">
      <fetcher.Form key={formKey} method="post" encType="multipart/form-data" className="grid gap-4 md:grid-cols-2">
        <input type="hidden" name="intent" value="create" />
        <div className="flex flex-col gap-4">
          <FormField label="Títol">
            <Input name="title" value={title} onChange={(e) => setTitle(e.target.value)} required />
          </FormField>
          <FormField label="Descripció (opcional)">
            <Textarea name="description" rows={2} />
          </FormField>
          <FormField label="Imatge">
            <Input
              name="image"
              type="file"
              accept="image/*"
              onChange={(e) => {
                const f = e.currentTarget.files?.[0];
                setPreview(f ? URL.createObjectURL(f) : null);
              }}
            />
          </FormField>
          <Button type="submit" disabled={!ready || fetcher.state !== "idle"} className="self-start">
            {fetcher.state !== "idle" ? "Pujant..." : "Afegeix la foto"}
          </Button>
          {!ready && <p className="text-sm text-ink/75">Títol i imatge són obligatoris</p>}
        </div>
        {preview && <img src={preview} alt="Vista prèvia de la foto" className="max-h-56 w-auto rounded object-contain" />}
      </fetcher.Form>
    </Panel>
  );
}

function PhotoCard({ photo }: { photo: Photo }) {
  const [editing, setEditing] = useState(false);
  const stop = useCallback(() => setEditing(false), []);
  const save = useAdminFetcher(stop);
  const act = useRowAction();
  return (
    <li className="flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm">
      <img
        src={photo.src}
        srcSet={photo.srcSet}
        sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
        alt={photo.title}
        width={photo.width ?? 800}
        height={photo.height ?? 600}
        loading="lazy"
        className={cn("aspect-[4/3] w-full rounded object-cover", !photo.isActive && "opacity-60")}
      />
      <Badge variant={photo.isActive ? "success" : "secondary"}>{photo.isActive ? "Activa" : "Inactiva"}</Badge>
      {editing ? (
        <save.Form method="post" className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={photo.id} />
          <LanguageTabs
            error={(field) => (save.state === "idle" ? save.data?.fieldErrors?.[field] : undefined)}
            translations={photo.translations}
            texts={[
              { name: "title", label: "Títol", maxLength: 200 },
              { name: "description", label: "Descripció", rows: 2 },
            ]}
            catalan={
              <>
                <FormField label="Títol">
                  <Input name="title" defaultValue={photo.title} required />
                </FormField>
                <FormField label="Descripció">
                  <Textarea name="description" defaultValue={photo.description} rows={2} />
                </FormField>
              </>
            }
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={save.state !== "idle"}>
              Desa
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>
              Cancel·la
            </Button>
          </div>
        </save.Form>
      ) : (
        <>
          <h2 className="font-bold">{photo.title}</h2>
          {photo.description && <p className="text-sm">{photo.description}</p>}
        </>
      )}
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        {!editing && (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={`Edita ${photo.title}`}>
            <Pencil aria-hidden="true" /> Edita
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          onClick={() => act.submit({ intent: "toggle", id: photo.id, isActive: String(!photo.isActive) }, { method: "post" })}
          aria-label={`${photo.isActive ? "Amaga" : "Mostra"} ${photo.title}`}
        >
          {photo.isActive ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />} {photo.isActive ? "Amaga" : "Mostra"}
        </Button>
        <ConfirmDelete id={photo.id} name={photo.title} question="Estàs segur que vols eliminar aquesta foto?" />
      </div>
    </li>
  );
}
