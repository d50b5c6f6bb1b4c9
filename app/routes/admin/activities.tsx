import { asc, eq } from "drizzle-orm";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useCallback, useState } from "react";
import type { FieldErrors } from "~/lib/forms";
import type { Route } from "./+types/activities";
import { EmptyState, PageTitle, clientErrors, useAdminFetcher, useConfirmDelete, type ActionResult } from "~/components/admin/admin-ui";
import { FormField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { activities, type Activity } from "~/db/schema";
import { done, failed, fieldErrors, logActionError, readAdminForm } from "~/lib/admin.server";
import { ACTIVITY_EMOJIS, activitySchema, idSchema } from "~/lib/admin-schemas";
import { formatLongDate } from "~/lib/dates";
import { requireAdmin } from "~/lib/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await context.db.select().from(activities).orderBy(asc(activities.date), asc(activities.createdAt));
  return { activities: rows };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const { fields } = await readAdminForm(request, context, {});
  const intent = fields.intent;
  if (intent === "delete") {
    const id = idSchema.safeParse(fields.id);
    if (!id.success) return failed("Error eliminant l'activitat");
    try {
      await context.db.delete(activities).where(eq(activities.id, id.data));
      return done("Activitat eliminada correctament");
    } catch (err) {
      logActionError("activity delete", err);
      return failed("Error eliminant l'activitat", 500);
    }
  }
  const parsed = activitySchema.safeParse(fields);
  if (!parsed.success) return failed("Error guardant l'activitat", 400, fieldErrors(parsed.error));
  try {
    if (intent === "update") {
      const id = idSchema.safeParse(fields.id);
      if (!id.success) return failed("Error guardant l'activitat");
      const updated = await context.db
        .update(activities)
        .set({ ...parsed.data, updatedAt: new Date() })
        .where(eq(activities.id, id.data))
        .returning({ id: activities.id });
      if (updated.length === 0) return failed("Error guardant l'activitat", 404);
      return done("Activitat actualitzada correctament");
    }
    await context.db.insert(activities).values(parsed.data);
    return done("Activitat creada correctament");
  } catch (err) {
    logActionError("activity save", err);
    return failed("Error guardant l'activitat", 500);
  }
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

type Row = Route.ComponentProps["loaderData"]["activities"][number];

export default function AdminActivities({ loaderData }: Route.ComponentProps) {
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const { remove } = useConfirmDelete();
  return (
    <>
      <PageTitle title="Gestió d'Activitats">
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" /> Nova activitat
        </Button>
      </PageTitle>
      {loaderData.activities.length === 0 ? (
        <EmptyState>No hi ha activitats creades encara.</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.activities.map((a) => (
            <li key={a.id} className="flex flex-col gap-2 rounded-lg bg-white p-5 shadow-sm">
              <div className="flex items-start gap-3">
                <span className="text-3xl" aria-hidden="true">
                  {a.emoji}
                </span>
                <div>
                  <h2 className="font-bold">{a.title}</h2>
                  <p className="text-sm text-ink/80">{formatLongDate(a.date)}</p>
                </div>
              </div>
              {a.description && <p className="text-sm whitespace-pre-line">{a.description}</p>}
              {a.linkUrl && (
                <Badge variant="soft" className="max-w-full truncate">
                  {a.linkText}: {a.linkUrl}
                </Badge>
              )}
              <div className="mt-auto flex gap-2 pt-2">
                <Button variant="outline" size="sm" onClick={() => setEditing(a)} aria-label={`Edita ${a.title}`}>
                  <Pencil aria-hidden="true" /> Edita
                </Button>
                <Button
                  variant="destructive"
                  size="sm"
                  onClick={() => remove(a.id, "Estàs segur que vols eliminar aquesta activitat?")}
                  aria-label={`Elimina ${a.title}`}
                >
                  <Trash2 aria-hidden="true" /> Elimina
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ActivityDialog key={editing === "new" ? "new" : (editing?.id ?? "none")} editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function ActivityDialog({ editing, onClose }: { editing: Activity | Row | "new" | null; onClose: () => void }) {
  const close = useCallback(() => onClose(), [onClose]);
  const fetcher = useAdminFetcher(close);
  const [errors, setErrors] = useState<FieldErrors>({});
  const row = editing && editing !== "new" ? editing : null;
  const serverErrors = (fetcher.data as ActionResult | undefined)?.fieldErrors ?? {};
  const err = (k: string) => errors[k] ?? serverErrors[k];
  return (
    <Dialog open={editing !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{row ? "Edita l'activitat" : "Nova activitat"}</DialogTitle>
          <DialogDescription>Les activitats es mostren a l'agenda de la pàgina d'inici.</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            const found = clientErrors(activitySchema, e.currentTarget);
            setErrors(found ?? {});
            if (found) e.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value={row ? "update" : "create"} />
          {row && <input type="hidden" name="id" value={row.id} />}
          <FormField label="Títol" error={err("title")}>
            <Input name="title" defaultValue={row?.title ?? ""} required />
          </FormField>
          <FormField label="Data" error={err("date")}>
            <Input name="date" type="date" defaultValue={row?.date ?? today()} required />
          </FormField>
          <FormField label="Icona" error={err("emoji")}>
            <Select name="emoji" defaultValue={row?.emoji ?? ACTIVITY_EMOJIS[0]}>
              {ACTIVITY_EMOJIS.map((e) => (
                <option key={e} value={e}>
                  {e}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Descripció (opcional)" error={err("description")}>
            <Textarea name="description" defaultValue={row?.description ?? ""} rows={3} />
          </FormField>
          <FormField label="Enllaç (opcional)" error={err("linkUrl")}>
            <Input name="linkUrl" type="url" defaultValue={row?.linkUrl ?? ""} placeholder="https://" />
          </FormField>
          <FormField label="Text de l'enllaç" error={err("linkText")}>
            <Input name="linkText" defaultValue={row?.linkText ?? "Inscriu-te"} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel·la
            </Button>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Desant..." : "Desa"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
