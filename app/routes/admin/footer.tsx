import { Pencil, Plus } from "lucide-react";
import { useState } from "react";
import type { Route } from "./+types/footer";
import { PageTitle, useDialogFetcher } from "~/components/admin/admin-ui";
import {
  ActiveField,
  dialogKey,
  EditDialog,
  editedRow,
  FileField,
  fileErrors,
  IntentFields,
  type Editing,
} from "~/components/admin/edit-dialog";
import { EntityCard, EntityGrid } from "~/components/admin/entity-card";
import { MarkdownEditor } from "~/components/admin/markdown-editor";
import { FormField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { UPLOADS } from "~/domain/uploads";
import { footerTextsSchema, logoSchema } from "~/lib/admin-schemas";
import { InlineMarkdown } from "~/lib/inline-markdown";
import type { MarkdownTool } from "~/lib/markdown-edit";

export { loader, action } from "./footer.server";

/** The footer renders one line of basic Markdown (InlineMarkdown): no lists or headings. */
const FOOTER_TOOLS: MarkdownTool[] = ["bold", "italic", "link"];

type Logo = Route.ComponentProps["loaderData"]["logos"][number];

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
          <InlineMarkdown text={config.footerText} />
        </p>
        {config.collaboratorsText && (
          <p className="mt-2 text-sm">
            <InlineMarkdown text={config.collaboratorsText} />
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
      description="Els textos admeten negreta, cursiva i enllaços (Markdown bàsic)."
      schema={footerTextsSchema}
      {...fetcher}
    >
      {(err) => (
        <>
          <input type="hidden" name="intent" value="texts" />
          <MarkdownEditor
            name="footerText"
            label="Text principal"
            defaultValue={config.footerText}
            rows={3}
            required
            tools={FOOTER_TOOLS}
            error={err("footerText")}
            preview={(text) => <InlineMarkdown text={text} />}
          />
          <MarkdownEditor
            name="collaboratorsText"
            label="Text de col·laboradors"
            defaultValue={config.collaboratorsText}
            rows={2}
            required
            tools={FOOTER_TOOLS}
            error={err("collaboratorsText")}
            preview={(text) => <InlineMarkdown text={text} />}
          />
        </>
      )}
    </EditDialog>
  );
}

function LogoDialog({ editing, onClose }: { editing: Editing<Logo>; onClose: () => void }) {
  const fetcher = useDialogFetcher(onClose);
  const row = editedRow(editing);
  return (
    <EditDialog
      open={editing !== null}
      onClose={onClose}
      title={row ? "Edita el logo" : "Nou logo"}
      description="Imatge de fins a 5 MB. Els logos actius es mostren al footer per ordre de posició."
      schema={logoSchema}
      check={(form) => fileErrors(form, "image", { required: !row, ...UPLOADS.logo })}
      pendingLabel="Pujant..."
      multipart
      {...fetcher}
    >
      {(err) => (
        <>
          <IntentFields id={row?.id} />
          <FormField label="Nom" error={err("name")}>
            <Input name="name" defaultValue={row?.name ?? ""} required />
          </FormField>
          <FileField label="Imatge" name="image" accept="image/*" editing={Boolean(row)} error={err("image")} />
          <FormField label="Enllaç (opcional)" error={err("linkUrl")}>
            <Input name="linkUrl" type="url" defaultValue={row?.linkUrl ?? ""} placeholder="https://" />
          </FormField>
          <FormField label="Posició" error={err("position")}>
            <Input name="position" type="number" min={0} defaultValue={row?.position ?? 0} />
          </FormField>
          <ActiveField id="logo-active" defaultChecked={row?.isActive} />
        </>
      )}
    </EditDialog>
  );
}
