import { desc, eq, ne } from "drizzle-orm";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import type { Route } from "./+types/home-background";
import { EmptyState, PageTitle, useAdminFetcher, useRowAction, RowActionToasts } from "~/components/admin/admin-ui";
import { FormField } from "~/components/form-field";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { homeBackground } from "~/db/schema";
import { acceptImageOrVideo, done, failed, logActionError, MB, readAdminForm, removeFile, uploadMessage } from "~/lib/admin.server";
import { idSchema } from "~/lib/admin-schemas";
import { formatShortDate } from "~/lib/dates";
import { imageVariantUrl } from "~/lib/images";
import { requireAdmin } from "~/lib/session.server";
import { mediaUrl } from "~/lib/storage.server";
import type { AppContext } from "~/lib/app-context";

export const BACKGROUND_BAD_TYPE = "El fitxer ha de ser una imatge o un vídeo";
const BACKGROUND_MAX_BYTES = 100 * MB;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await context.db.select().from(homeBackground).orderBy(desc(homeBackground.createdAt));
  return {
    items: rows.map((r) => ({ ...r, url: r.mediaType === "image" ? imageVariantUrl(r.mediaKey, 800) : mediaUrl(r.mediaKey) })),
  };
}

/** Activating one deactivates every other inside one transaction; the partial unique index
 * refuses a second active row if two activations race, and the loser is retried. */
export async function activateBackground(context: Pick<AppContext, "db">, id: string): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await context.db.transaction(async (tx) => {
        await tx.update(homeBackground).set({ isActive: false }).where(ne(homeBackground.id, id));
        const rows = await tx
          .update(homeBackground)
          .set({ isActive: true })
          .where(eq(homeBackground.id, id))
          .returning({ id: homeBackground.id });
        return rows.length > 0;
      });
    } catch (err) {
      if (attempt >= 5) throw err;
    }
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  let form;
  try {
    form = await readAdminForm(request, context, {
      file: { maxBytes: BACKGROUND_MAX_BYTES, prefix: "backgrounds", accept: acceptImageOrVideo },
    });
  } catch (err) {
    const msg = uploadMessage(err, { too_large: "El fitxer és massa gran (màxim 100MB)", bad_type: BACKGROUND_BAD_TYPE, other: "error" });
    return failed(`Error en pujar el mitjà: ${msg}`);
  }
  const { fields, files, discard } = form;
  const id = idSchema.safeParse(fields.id);
  switch (fields.intent) {
    case "toggle": {
      if (!id.success) return failed("Error en actualitzar l'estat: identificador no vàlid");
      try {
        const ok =
          fields.isActive === "true"
            ? await activateBackground(context, id.data)
            : (await context.db.update(homeBackground).set({ isActive: false }).where(eq(homeBackground.id, id.data)).returning()).length >
              0;
        if (!ok) return failed("Error en actualitzar l'estat: no s'ha trobat el mitjà", 404);
        return done(fields.isActive === "true" ? "Fons activat" : "Fons desactivat");
      } catch (err) {
        logActionError("background toggle", err);
        return failed(`Error en actualitzar l'estat: ${err instanceof Error ? err.message : String(err)}`, 500);
      }
    }
    case "delete": {
      if (!id.success) return failed("Error en eliminar el mitjà: identificador no vàlid");
      try {
        const [row] = await context.db
          .delete(homeBackground)
          .where(eq(homeBackground.id, id.data))
          .returning({ key: homeBackground.mediaKey });
        if (!row) return failed("Error en eliminar el mitjà: no s'ha trobat", 404);
        await removeFile(context, row.key);
        return done("Mitjà eliminat correctament");
      } catch (err) {
        logActionError("background delete", err);
        return failed(`Error en eliminar el mitjà: ${err instanceof Error ? err.message : String(err)}`, 500);
      }
    }
    default: {
      const file = files.file;
      if (!file) return failed(`Error en pujar el mitjà: ${BACKGROUND_BAD_TYPE}`);
      try {
        // A new background starts inactive.
        await context.db.insert(homeBackground).values({
          mediaKey: file.key,
          mediaType: file.contentType.startsWith("video/") ? "video" : "image",
          title: fields.title?.trim() || null,
          isActive: false,
        });
        return done("Mitjà pujat correctament");
      } catch (err) {
        await discard();
        logActionError("background upload", err);
        return failed(`Error en pujar el mitjà: ${err instanceof Error ? err.message : String(err)}`, 500);
      }
    }
  }
}

export default function AdminHomeBackground({ loaderData }: Route.ComponentProps) {
  const upload = useAdminFetcher();
  const [formKey, setFormKey] = useState(0);
  return (
    <>
      <PageTitle title="Fons de la Home" />
      <RowActionToasts />
      <upload.Form key={formKey} method="post" encType="multipart/form-data" className="mb-8 rounded-lg bg-white p-5 shadow-sm">
        <input type="hidden" name="intent" value="create" />
        <FormField label="Puja una imatge o un vídeo de fons" hint="Es puja en triar el fitxer. Un fons nou comença inactiu.">
          <Input
            name="file"
            type="file"
            accept="image/*,video/mp4,video/webm"
            disabled={upload.state !== "idle"}
            onChange={(e) => {
              const form = e.currentTarget.form;
              if (!form || !e.currentTarget.files?.length) return;
              void upload.submit(form).then(() => setFormKey((k) => k + 1));
            }}
          />
        </FormField>
        {upload.state !== "idle" && (
          <p role="status" className="mt-2 text-sm">
            Pujant...
          </p>
        )}
      </upload.Form>
      {loaderData.items.length === 0 ? (
        <EmptyState>Encara no hi ha cap mitjà de fons.</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.items.map((item) => (
            <BackgroundCard key={item.id} item={item} />
          ))}
        </ul>
      )}
    </>
  );
}

function BackgroundCard({ item }: { item: Route.ComponentProps["loaderData"]["items"][number] }) {
  const fetcher = useRowAction();
  const label = item.title ?? `Fons del ${formatShortDate(item.createdAt)}`;
  return (
    <li className="flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm">
      {item.mediaType === "image" ? (
        <img src={item.url} alt={label} width={800} height={450} className="aspect-video w-full rounded object-cover" />
      ) : (
        <video src={item.url} controls muted preload="metadata" className="aspect-video w-full rounded bg-black" aria-label={label} />
      )}
      <div className="flex flex-wrap gap-2">
        {item.isActive && <Badge variant="success">Actiu</Badge>}
        <Badge variant="soft">{item.mediaType === "image" ? "Imatge" : "Vídeo"}</Badge>
      </div>
      <p className="text-sm text-ink/80">{formatShortDate(item.createdAt)}</p>
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        <Button
          size="sm"
          variant={item.isActive ? "outline" : "default"}
          disabled={fetcher.state !== "idle"}
          onClick={() => fetcher.submit({ intent: "toggle", id: item.id, isActive: String(!item.isActive) }, { method: "post" })}
        >
          {item.isActive ? "Desactiva" : "Activa"}
        </Button>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button size="sm" variant="destructive" aria-label={`Elimina ${label}`}>
              <Trash2 aria-hidden="true" /> Elimina
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Eliminar mitjà de fons</AlertDialogTitle>
              <AlertDialogDescription>
                Estàs segur que vols eliminar aquest mitjà de fons? Aquesta acció no es pot desfer.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel·la</AlertDialogCancel>
              <AlertDialogAction onClick={() => fetcher.submit({ intent: "delete", id: item.id }, { method: "post" })}>
                Elimina
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>
    </li>
  );
}
