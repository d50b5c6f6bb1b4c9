import { desc, eq } from "drizzle-orm";
import { ExternalLink, Pencil, Plus, Trash2 } from "lucide-react";
import { useCallback, useState } from "react";
import type { FieldErrors } from "~/lib/forms";
import type { Route } from "./+types/landings";
import {
  EmptyState,
  PageTitle,
  RowActionToasts,
  clientErrors,
  useAdminFetcher,
  useRowAction,
  type ActionResult,
} from "~/components/admin/admin-ui";
import { FormField } from "~/components/form-field";
import { Markdown } from "~/components/markdown";
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
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Textarea } from "~/components/ui/textarea";
import { landings } from "~/db/schema";
import { done, failed, fieldErrors, firstError, logActionError, readAdminForm } from "~/lib/admin.server";
import { idSchema, landingSchema, slugFromTitle } from "~/lib/admin-schemas";
import { formatShortDate } from "~/lib/dates";
import { paths } from "~/lib/routes";
import { requireAdmin } from "~/lib/session.server";

export const DUPLICATE_SLUG = "Ja existeix una landing page amb aquest slug. Tria'n un altre.";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { landings: await context.db.select().from(landings).orderBy(desc(landings.createdAt)) };
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: unknown } | null;
  return e?.code === "23505" || (e?.cause !== undefined && isUniqueViolation(e.cause));
};

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const { fields } = await readAdminForm(request, context, {});
  const id = idSchema.safeParse(fields.id);
  if (fields.intent === "delete") {
    if (!id.success) return failed("No s'ha pogut eliminar la landing page");
    const rows = await context.db.delete(landings).where(eq(landings.id, id.data)).returning({ id: landings.id });
    if (rows.length === 0) return failed("No s'ha pogut eliminar la landing page", 404);
    return done("Landing page eliminada correctament");
  }
  if (fields.intent === "toggle") {
    if (!id.success) return failed("No s'ha pogut guardar la landing page");
    await context.db
      .update(landings)
      .set({ isActive: fields.isActive === "true", updatedAt: new Date() })
      .where(eq(landings.id, id.data));
    return done("Landing page actualitzada correctament");
  }
  try {
    if (fields.intent === "update") {
      if (!id.success) return failed("No s'ha pogut guardar la landing page");
      // The slug is locked once created: whatever the form sends, it is kept.
      const existing = await context.db.query.landings.findFirst({ where: eq(landings.id, id.data), columns: { slug: true } });
      if (!existing) return failed("No s'ha pogut guardar la landing page", 404);
      const parsed = landingSchema.safeParse({ ...fields, slug: existing.slug });
      if (!parsed.success) return failed(firstError(parsed.error), 400, fieldErrors(parsed.error));
      const { slug: _slug, ...values } = parsed.data;
      await context.db
        .update(landings)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(landings.id, id.data));
      return done("Landing page actualitzada correctament");
    }
    const parsed = landingSchema.safeParse(fields);
    if (!parsed.success) return failed(firstError(parsed.error), 400, fieldErrors(parsed.error));
    await context.db.insert(landings).values(parsed.data);
    return done("Landing page creada correctament");
  } catch (err) {
    if (isUniqueViolation(err)) return failed(DUPLICATE_SLUG, 409, { slug: DUPLICATE_SLUG });
    logActionError("landing save", err);
    return failed("No s'ha pogut guardar la landing page", 500);
  }
}

type Row = Route.ComponentProps["loaderData"]["landings"][number];

export default function AdminLandings({ loaderData }: Route.ComponentProps) {
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  return (
    <>
      <RowActionToasts />
      <PageTitle title="Landing Pages">
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" /> Nova landing page
        </Button>
      </PageTitle>
      {loaderData.landings.length === 0 ? (
        <EmptyState>Encara no hi ha landing pages.</EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {loaderData.landings.map((l) => (
            <LandingCard key={l.id} landing={l} onEdit={() => setEditing(l)} />
          ))}
        </ul>
      )}
      <LandingDialog key={editing === "new" ? "new" : (editing?.id ?? "none")} editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function LandingCard({ landing, onEdit }: { landing: Row; onEdit: () => void }) {
  const fetcher = useRowAction();
  const description = landing.description.length > 200 ? `${landing.description.slice(0, 200)}...` : landing.description;
  return (
    <li className="flex flex-col gap-2 rounded-lg bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-bold">{landing.title}</h2>
        <Badge variant={landing.isActive ? "success" : "secondary"}>{landing.isActive ? "Activa" : "Inactiva"}</Badge>
      </div>
      <p className="font-mono text-sm">/landing/{landing.slug}</p>
      <p className="text-sm text-ink/80">{formatShortDate(landing.createdAt)}</p>
      {description && <p className="text-sm whitespace-pre-line">{description}</p>}
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        {landing.isActive && (
          <Button asChild size="sm" variant="outline">
            <a href={paths.landing(landing.slug)} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" /> Veure<span className="sr-only"> {landing.title} (s'obre en una pestanya nova)</span>
            </a>
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edita ${landing.title}`}>
          <Pencil aria-hidden="true" /> Edita
        </Button>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button size="sm" variant="destructive" aria-label={`Elimina ${landing.title}`}>
              <Trash2 aria-hidden="true" /> Elimina
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Confirmar eliminació</AlertDialogTitle>
              <AlertDialogDescription>
                Estàs segur que vols eliminar la landing page «{landing.title}»? Aquesta acció no es pot desfer.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel·la</AlertDialogCancel>
              <AlertDialogAction onClick={() => fetcher.submit({ intent: "delete", id: landing.id }, { method: "post" })}>
                Elimina
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>
    </li>
  );
}

function LandingDialog({ editing, onClose }: { editing: Row | "new" | null; onClose: () => void }) {
  const close = useCallback(() => onClose(), [onClose]);
  const fetcher = useAdminFetcher(close);
  const row = editing && editing !== "new" ? editing : null;
  const [title, setTitle] = useState(row?.title ?? "");
  const [slug, setSlug] = useState(row?.slug ?? "");
  const [slugTouched, setSlugTouched] = useState(false);
  const [markdown, setMarkdown] = useState(row?.description ?? "");
  const [active, setActive] = useState(row?.isActive ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const server = (fetcher.data as ActionResult | undefined)?.fieldErrors ?? {};
  const err = (k: string) => errors[k] ?? server[k];
  return (
    <Dialog open={editing !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{row ? "Edita la landing page" : "Nova landing page"}</DialogTitle>
          <DialogDescription>La descripció admet Markdown. Només es publiquen les landing pages actives.</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            const found = clientErrors(landingSchema, e.currentTarget);
            setErrors(found ?? {});
            if (found) e.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value={row ? "update" : "create"} />
          {row && <input type="hidden" name="id" value={row.id} />}
          <input type="hidden" name="isActive" value={String(active)} />
          <input type="hidden" name="description" value={markdown} />
          <FormField label="Títol" error={err("title")}>
            <Input
              name="title"
              value={title}
              required
              onChange={(e) => {
                setTitle(e.target.value);
                // Only when creating, and until the slug is typed by hand.
                if (!row && !slugTouched) setSlug(slugFromTitle(e.target.value));
              }}
            />
          </FormField>
          <FormField
            label="Slug"
            error={err("slug")}
            hint={row ? "El slug no es pot canviar un cop creada la landing page." : `Adreça: /landing/${slug || "..."}`}
          >
            <Input
              name="slug"
              value={slug}
              readOnly={Boolean(row)}
              onChange={(e) => {
                setSlugTouched(true);
                setSlug(e.target.value);
              }}
            />
          </FormField>
          <div className="flex items-center gap-3">
            <Switch id="landing-active" checked={active} onCheckedChange={setActive} />
            <Label htmlFor="landing-active">Activa</Label>
          </div>
          <Tabs defaultValue="edit">
            <TabsList aria-label="Descripció">
              <TabsTrigger value="edit">Edita</TabsTrigger>
              <TabsTrigger value="preview">Previsualitza</TabsTrigger>
            </TabsList>
            <TabsContent value="edit">
              <Label htmlFor="landing-markdown" className="sr-only">
                Descripció (Markdown)
              </Label>
              <Textarea
                id="landing-markdown"
                rows={10}
                value={markdown}
                onChange={(e) => setMarkdown(e.target.value)}
                className="font-mono"
              />
            </TabsContent>
            <TabsContent value="preview">
              <Markdown className="prose min-h-40 rounded-md border border-ink/15 p-3 [&_a]:text-brand-dark [&_h1]:text-xl [&_h1]:font-bold [&_h2]:text-lg [&_h2]:font-bold [&_li]:ml-5 [&_li]:list-disc [&_p]:my-2">
                {markdown || "*Sense contingut*"}
              </Markdown>
            </TabsContent>
          </Tabs>
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
