import { Pencil, Plus } from "lucide-react";
import { useState } from "react";
import type { Route } from "./+types/footer";
import { PageTitle, useDialogFetcher } from "~/components/admin/admin-ui";
import { dialogKey, EditDialog, editedRow, type Editing } from "~/components/admin/edit-dialog";
import { EntityCard, EntityGrid } from "~/components/admin/entity-card";
import { FormField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { footerTextsSchema, logoSchema } from "~/lib/admin-schemas";
import type { FieldErrors } from "~/lib/forms";
import { InlineLinks } from "~/lib/inline-links";

export { loader, action } from "./footer.server";

type Logo = Route.ComponentProps["loaderData"]["logos"][number];
const LOGO_REQUIRED = "Si us plau, selecciona una imatge";

export default function AdminFooter({ loaderData }: Route.ComponentProps) {
  const [textsOpen, setTextsOpen] = useState(false);
  const [editing, setEditing] = useState<Editing<Logo>>(null);
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
        <EntityGrid>
          {logos.map((l) => (
            <EntityCard
              key={l.id}
              id={l.id}
              title={l.name}
              heading="h3"
              active={l.isActive}
              onEdit={() => setEditing(l)}
              remove={{ question: "Estàs segur que vols eliminar aquest logo?" }}
              media={<img src={l.imageUrl} alt="" className="h-16 w-auto self-start object-contain" />}
              badges={
                <>
                  <Badge variant="outline">Posició {l.position}</Badge>
                  {l.linkUrl && <Badge variant="soft">Amb enllaç</Badge>}
                </>
              }
            />
          ))}
        </EntityGrid>
      )}
      <TextsDialog key={String(textsOpen)} open={textsOpen} config={config} onClose={() => setTextsOpen(false)} />
      <LogoDialog key={dialogKey(editing)} editing={editing} onClose={() => setEditing(null)} />
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
  const fetcher = useDialogFetcher(onClose);
  return (
    <EditDialog
      open={open}
      onClose={onClose}
      title="Textos del footer"
      description="Pots fer enllaços amb [text](https://adreça)."
      schema={footerTextsSchema}
      {...fetcher}
    >
      {(err) => (
        <>
          <input type="hidden" name="intent" value="texts" />
          <FormField label="Text principal" error={err("footerText")}>
            <Textarea name="footerText" defaultValue={config.footerText} rows={3} required />
          </FormField>
          <FormField label="Text de col·laboradors" error={err("collaboratorsText")}>
            <Textarea name="collaboratorsText" defaultValue={config.collaboratorsText} rows={2} required />
          </FormField>
        </>
      )}
    </EditDialog>
  );
}

function LogoDialog({ editing, onClose }: { editing: Editing<Logo>; onClose: () => void }) {
  const fetcher = useDialogFetcher(onClose);
  const row = editedRow(editing);
  const [active, setActive] = useState(row?.isActive ?? true);
  return (
    <EditDialog
      open={editing !== null}
      onClose={onClose}
      title={row ? "Edita el logo" : "Nou logo"}
      description="Imatge de fins a 5 MB. Els logos actius es mostren al footer per ordre de posició."
      schema={logoSchema}
      check={(form) => {
        const found: FieldErrors = {};
        const file = (form.elements.namedItem("image") as HTMLInputElement).files?.[0];
        if (!row && !file) found.image = LOGO_REQUIRED;
        else if (file && !file.type.startsWith("image/")) found.image = "Si us plau, selecciona una imatge vàlida";
        else if (file && file.size > 5 * 1024 * 1024) found.image = "La imatge no pot ser més gran de 5MB";
        return found;
      }}
      pendingLabel="Pujant..."
      multipart
      {...fetcher}
    >
      {(err) => (
        <>
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
        </>
      )}
    </EditDialog>
  );
}
