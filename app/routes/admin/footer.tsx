import { asc, eq } from "drizzle-orm";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useCallback, useState } from "react";
import type { FieldErrors } from "~/lib/forms";
import type { Route } from "./+types/footer";
import { ActiveToggle, PageTitle, clientErrors, useAdminFetcher, useConfirmDelete, type ActionResult } from "~/components/admin/admin-ui";
import { FormField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { footerConfig, footerLogos } from "~/db/schema";
import {
  acceptImage,
  done,
  failed,
  fieldErrors,
  firstError,
  logActionError,
  MB,
  readAdminForm,
  removeFile,
  uploadMessage,
} from "~/lib/admin.server";
import { footerTextsSchema, idSchema, logoSchema } from "~/lib/admin-schemas";
import { DEFAULT_FOOTER_TEXT } from "~/lib/footer";
import { InlineLinks } from "~/lib/inline-links";
import { requireAdmin } from "~/lib/session.server";
import { mediaUrl } from "~/lib/storage.server";
import { cn } from "~/lib/utils";

const LOGO_MAX_BYTES = 5 * MB;
export const LOGO_TOO_LARGE = "La imatge no pot ser més gran de 5MB";
export const LOGO_BAD_TYPE = "Si us plau, selecciona una imatge vàlida";
export const LOGO_REQUIRED = "Si us plau, selecciona una imatge";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [config, logos] = await Promise.all([
    context.db.query.footerConfig.findFirst(),
    context.db.select().from(footerLogos).orderBy(asc(footerLogos.position), asc(footerLogos.createdAt)),
  ]);
  return {
    config: { footerText: config?.footerText ?? DEFAULT_FOOTER_TEXT, collaboratorsText: config?.collaboratorsText ?? "" },
    logos: logos.map((l) => ({ ...l, imageUrl: mediaUrl(l.imageKey) })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  let form;
  try {
    form = await readAdminForm(request, context, { image: { maxBytes: LOGO_MAX_BYTES, prefix: "logos", accept: acceptImage } });
  } catch (err) {
    const message = uploadMessage(err, { too_large: LOGO_TOO_LARGE, bad_type: LOGO_BAD_TYPE, other: "No s'ha pogut guardar el logo" });
    return failed(message, 400, { image: message });
  }
  const { fields, files, discard } = form;
  const intent = fields.intent;
  const id = idSchema.safeParse(fields.id);

  if (intent === "texts") {
    const parsed = footerTextsSchema.safeParse(fields);
    if (!parsed.success) return failed(firstError(parsed.error), 400, fieldErrors(parsed.error));
    try {
      await context.db
        .insert(footerConfig)
        .values(parsed.data)
        .onConflictDoUpdate({ target: footerConfig.singleton, set: { ...parsed.data, updatedAt: new Date() } });
      return done("Configuració del footer actualitzada correctament");
    } catch (err) {
      logActionError("footer texts", err);
      return failed("No s'ha pogut actualitzar la configuració", 500);
    }
  }
  if (intent === "toggle") {
    if (!id.success) return failed("No s'ha pogut canviar l'estat del logo");
    const active = fields.isActive === "true";
    const rows = await context.db
      .update(footerLogos)
      .set({ isActive: active })
      .where(eq(footerLogos.id, id.data))
      .returning({ id: footerLogos.id });
    if (rows.length === 0) return failed("No s'ha pogut canviar l'estat del logo", 404);
    return done(active ? "Logo activat correctament" : "Logo desactivat correctament");
  }
  if (intent === "delete") {
    if (!id.success) return failed("No s'ha pogut eliminar el logo");
    try {
      const [row] = await context.db.delete(footerLogos).where(eq(footerLogos.id, id.data)).returning({ key: footerLogos.imageKey });
      if (!row) return failed("No s'ha pogut eliminar el logo", 404);
      await removeFile(context, row.key);
      return done("Logo eliminat correctament");
    } catch (err) {
      logActionError("logo delete", err);
      return failed("No s'ha pogut eliminar el logo", 500);
    }
  }
  const parsed = logoSchema.safeParse(fields);
  if (!parsed.success) {
    await discard();
    return failed(firstError(parsed.error), 400, fieldErrors(parsed.error));
  }
  const image = files.image;
  try {
    if (intent === "update") {
      if (!id.success) {
        await discard();
        return failed("No s'ha pogut guardar el logo");
      }
      const old = await context.db.query.footerLogos.findFirst({ where: eq(footerLogos.id, id.data), columns: { imageKey: true } });
      if (!old) {
        await discard();
        return failed("No s'ha pogut guardar el logo", 404);
      }
      await context.db
        .update(footerLogos)
        .set({ ...parsed.data, ...(image ? { imageKey: image.key } : {}) })
        .where(eq(footerLogos.id, id.data));
      if (image) await removeFile(context, old.imageKey);
      return done("Logo actualitzat correctament");
    }
    if (!image) return failed(LOGO_REQUIRED, 400, { image: LOGO_REQUIRED });
    await context.db.insert(footerLogos).values({ ...parsed.data, imageKey: image.key });
    return done("Logo creat correctament");
  } catch (err) {
    await discard();
    logActionError("logo save", err);
    return failed("No s'ha pogut guardar el logo", 500);
  }
}

type Logo = Route.ComponentProps["loaderData"]["logos"][number];

export default function AdminFooter({ loaderData }: Route.ComponentProps) {
  const [textsOpen, setTextsOpen] = useState(false);
  const [editing, setEditing] = useState<Logo | "new" | null>(null);
  const { remove } = useConfirmDelete();
  const { config, logos } = loaderData;
  return (
    <>
      <PageTitle title="Gestió del Footer">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setTextsOpen(true)}>
            <Pencil aria-hidden="true" /> Edita els textos
          </Button>
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" /> Nou logo
          </Button>
        </div>
      </PageTitle>
      <section aria-labelledby="footer-preview" className="rounded-lg bg-white p-5 shadow-sm">
        <h2 id="footer-preview" className="text-lg font-bold">
          Vista prèvia
        </h2>
        <p className="mt-2">
          <InlineLinks text={config.footerText} />
        </p>
        {config.collaboratorsText && (
          <p className="mt-2 text-sm">
            <InlineLinks text={config.collaboratorsText} />
          </p>
        )}
        <div className="mt-3 flex flex-wrap items-center gap-4">
          {logos
            .filter((l) => l.isActive)
            .map((l) => (
              <img key={l.id} src={l.imageUrl} alt={l.name} className="h-12 w-auto" />
            ))}
        </div>
      </section>
      <h2 className="mt-8 mb-4 text-lg font-bold">Logos</h2>
      {logos.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-center">Encara no hi ha logos.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {logos.map((l) => (
            <li key={l.id} className={cn("flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm", !l.isActive && "opacity-60")}>
              <img src={l.imageUrl} alt="" className="h-16 w-auto self-start object-contain" />
              <h3 className="font-bold">{l.name}</h3>
              <div className="flex gap-2">
                <Badge variant="outline">Posició {l.position}</Badge>
                {l.linkUrl && <Badge variant="soft">Amb enllaç</Badge>}
              </div>
              <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
                <ActiveToggle id={l.id} active={l.isActive} label={`Actiu: ${l.name}`} />
                <Button variant="outline" size="sm" onClick={() => setEditing(l)} aria-label={`Edita ${l.name}`}>
                  <Pencil aria-hidden="true" /> Edita
                </Button>
                <Button
                  variant="destructive"
                  size="sm"
                  onClick={() => remove(l.id, "Estàs segur que vols eliminar aquest logo?")}
                  aria-label={`Elimina ${l.name}`}
                >
                  <Trash2 aria-hidden="true" /> Elimina
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <TextsDialog key={String(textsOpen)} open={textsOpen} config={config} onClose={() => setTextsOpen(false)} />
      <LogoDialog key={editing === "new" ? "new" : (editing?.id ?? "none")} editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function TextsDialog({
  open,
  config,
  onClose,
}: {
  open: boolean;
  config: { footerText: string; collaboratorsText: string };
  onClose: () => void;
}) {
  const close = useCallback(() => onClose(), [onClose]);
  const fetcher = useAdminFetcher(close);
  const [errors, setErrors] = useState<FieldErrors>({});
  const server = (fetcher.data as ActionResult | undefined)?.fieldErrors ?? {};
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Textos del footer</DialogTitle>
          <DialogDescription>Pots fer enllaços amb [text](https://adreça).</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            const found = clientErrors(footerTextsSchema, e.currentTarget);
            setErrors(found ?? {});
            if (found) e.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="texts" />
          <FormField label="Text principal" error={errors.footerText ?? server.footerText}>
            <Textarea name="footerText" defaultValue={config.footerText} rows={3} required />
          </FormField>
          <FormField label="Text de col·laboradors" error={errors.collaboratorsText ?? server.collaboratorsText}>
            <Textarea name="collaboratorsText" defaultValue={config.collaboratorsText} rows={2} required />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel·la
            </Button>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              Desa
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function LogoDialog({ editing, onClose }: { editing: Logo | "new" | null; onClose: () => void }) {
  const close = useCallback(() => onClose(), [onClose]);
  const fetcher = useAdminFetcher(close);
  const row = editing && editing !== "new" ? editing : null;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [active, setActive] = useState(row?.isActive ?? true);
  const server = (fetcher.data as ActionResult | undefined)?.fieldErrors ?? {};
  const err = (k: string) => errors[k] ?? server[k];
  return (
    <Dialog open={editing !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{row ? "Edita el logo" : "Nou logo"}</DialogTitle>
          <DialogDescription>Imatge de fins a 5 MB. Els logos actius es mostren al footer per ordre de posició.</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          encType="multipart/form-data"
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            const form = e.currentTarget;
            const found = clientErrors(logoSchema, form) ?? {};
            const file = (form.elements.namedItem("image") as HTMLInputElement).files?.[0];
            if (!row && !file) found.image = LOGO_REQUIRED_TEXT;
            else if (file && !file.type.startsWith("image/")) found.image = "Si us plau, selecciona una imatge vàlida";
            else if (file && file.size > 5 * 1024 * 1024) found.image = "La imatge no pot ser més gran de 5MB";
            setErrors(found);
            if (Object.keys(found).length > 0) e.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value={row ? "update" : "create"} />
          {row && <input type="hidden" name="id" value={row.id} />}
          <input type="hidden" name="isActive" value={String(active)} />
          <FormField label="Nom" error={err("name")}>
            <Input name="name" defaultValue={row?.name ?? ""} required />
          </FormField>
          <FormField label={row ? "Imatge (opcional: es manté l'actual)" : "Imatge"} error={err("image")}>
            <Input name="image" type="file" accept="image/*" />
          </FormField>
          <FormField label="Enllaç (opcional)" error={err("linkUrl")}>
            <Input name="linkUrl" type="url" defaultValue={row?.linkUrl ?? ""} placeholder="https://" />
          </FormField>
          <FormField label="Posició" error={err("position")}>
            <Input name="position" type="number" min={0} defaultValue={row?.position ?? 0} />
          </FormField>
          <div className="flex items-center gap-3">
            <Switch id="logo-active" checked={active} onCheckedChange={setActive} />
            <Label htmlFor="logo-active">Actiu</Label>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel·la
            </Button>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Pujant..." : "Desa"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

const LOGO_REQUIRED_TEXT = "Si us plau, selecciona una imatge";
