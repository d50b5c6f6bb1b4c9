import { asc, eq, sql } from "drizzle-orm";
import { Eye, EyeOff, Pencil, Trash2 } from "lucide-react";
import { useCallback, useState } from "react";
import type { Route } from "./+types/bici-fucsia";
import { EmptyState, PageTitle, useAdminFetcher, useRowAction, RowActionToasts } from "~/components/admin/admin-ui";
import { FormField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { biciFucsiaPhotos } from "~/db/schema";
import {
  acceptImage,
  capturingHeads,
  done,
  failed,
  firstError,
  imageSize,
  logActionError,
  MB,
  readAdminForm,
  removeFile,
  uploadMessage,
} from "~/lib/admin.server";
import { idSchema, photoSchema } from "~/lib/admin-schemas";
import { imageSrcSet, imageVariantUrl } from "~/lib/images";
import { requireAdmin } from "~/lib/session.server";
import { cn } from "~/lib/utils";

const PHOTO_MAX_BYTES = 20 * MB;
export const PHOTO_REQUIRED = "Títol i imatge són obligatoris";
export const PHOTO_BAD_TYPE = "Només es permeten fitxers d'imatge";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await context.db.select().from(biciFucsiaPhotos).orderBy(asc(biciFucsiaPhotos.position), asc(biciFucsiaPhotos.createdAt));
  return { photos: rows.map((p) => ({ ...p, src: imageVariantUrl(p.imageKey, 800), srcSet: imageSrcSet(p.imageKey, 800) })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const capture = capturingHeads(context.storage);
  let form;
  try {
    form = await readAdminForm(
      request,
      { storage: capture.storage },
      { image: { maxBytes: PHOTO_MAX_BYTES, prefix: "photos", accept: acceptImage } },
    );
  } catch (err) {
    return failed(
      uploadMessage(err, { too_large: "La imatge és massa gran (màxim 20MB)", bad_type: PHOTO_BAD_TYPE, other: "Error pujant la imatge" }),
    );
  }
  const { fields, files, discard } = form;
  const id = idSchema.safeParse(fields.id);
  switch (fields.intent) {
    case "toggle": {
      if (!id.success) return failed("Error actualitzant la foto");
      const active = fields.isActive === "true";
      const rows = await context.db
        .update(biciFucsiaPhotos)
        .set({ isActive: active })
        .where(eq(biciFucsiaPhotos.id, id.data))
        .returning({ id: biciFucsiaPhotos.id });
      if (rows.length === 0) return failed("Error actualitzant la foto", 404);
      return done(active ? "Foto visible" : "Foto amagada");
    }
    case "delete": {
      if (!id.success) return failed("Error eliminant la foto");
      try {
        const [row] = await context.db
          .delete(biciFucsiaPhotos)
          .where(eq(biciFucsiaPhotos.id, id.data))
          .returning({ key: biciFucsiaPhotos.imageKey });
        if (!row) return failed("Error eliminant la foto", 404);
        await removeFile(context, row.key);
        return done("Foto eliminada correctament");
      } catch (err) {
        logActionError("photo delete", err);
        return failed("Error eliminant la foto", 500);
      }
    }
    case "update": {
      const parsed = photoSchema.safeParse(fields);
      if (!id.success || !parsed.success) return failed(parsed.success ? "Error actualitzant la foto" : "El títol és obligatori");
      const rows = await context.db
        .update(biciFucsiaPhotos)
        .set(parsed.data)
        .where(eq(biciFucsiaPhotos.id, id.data))
        .returning({ id: biciFucsiaPhotos.id });
      if (rows.length === 0) return failed("Error actualitzant la foto", 404);
      return done("Foto actualitzada correctament");
    }
    default: {
      const parsed = photoSchema.safeParse(fields);
      const image = files.image;
      if (!parsed.success || !image) {
        await discard();
        return failed(parsed.success ? PHOTO_REQUIRED : firstError(parsed.error));
      }
      try {
        const size = await imageSize(capture.heads.get(image.key));
        // New photo: position = highest + 1 (0 when none), computed in the insert itself.
        await context.db.insert(biciFucsiaPhotos).values({
          ...parsed.data,
          imageKey: image.key,
          ...size,
          position: sql`(select coalesce(max(${biciFucsiaPhotos.position}) + 1, 0) from ${biciFucsiaPhotos})`,
        });
        return done("Foto afegida correctament");
      } catch (err) {
        await discard();
        logActionError("photo create", err);
        return failed("Error creant la foto", 500);
      }
    }
  }
}

type Photo = Route.ComponentProps["loaderData"]["photos"][number];

export default function AdminBiciFucsia({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle title="Gestió Fotos Vivi" />
      <RowActionToasts />
      <AddPhoto />
      {loaderData.photos.length === 0 ? (
        <EmptyState>Encara no hi ha fotos de la Vivi.</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.photos.map((p) => (
            <PhotoCard key={p.id} photo={p} />
          ))}
        </ul>
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
    <section aria-labelledby="add-photo" className="mb-8 rounded-lg bg-white p-5 shadow-sm">
      <h2 id="add-photo" className="mb-4 text-lg font-bold">
        Afegeix una foto
      </h2>
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
    </section>
  );
}

function PhotoCard({ photo }: { photo: Photo }) {
  const [editing, setEditing] = useState(false);
  const stop = useCallback(() => setEditing(false), []);
  const save = useAdminFetcher(stop);
  const act = useRowAction();
  return (
    <li className={cn("flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm", !photo.isActive && "opacity-60")}>
      <img
        src={photo.src}
        srcSet={photo.srcSet}
        sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
        alt={photo.title}
        width={photo.width ?? 800}
        height={photo.height ?? 600}
        loading="lazy"
        className="aspect-[4/3] w-full rounded object-cover"
      />
      <Badge variant={photo.isActive ? "success" : "secondary"}>{photo.isActive ? "Activa" : "Inactiva"}</Badge>
      {editing ? (
        <save.Form method="post" className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={photo.id} />
          <FormField label="Títol">
            <Input name="title" defaultValue={photo.title} required />
          </FormField>
          <FormField label="Descripció">
            <Textarea name="description" defaultValue={photo.description} rows={2} />
          </FormField>
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
        <Button
          size="sm"
          variant="destructive"
          onClick={() => {
            if (window.confirm("Estàs segur que vols eliminar aquesta foto?"))
              void act.submit({ intent: "delete", id: photo.id }, { method: "post" });
          }}
          aria-label={`Elimina ${photo.title}`}
        >
          <Trash2 aria-hidden="true" /> Elimina
        </Button>
      </div>
    </li>
  );
}
