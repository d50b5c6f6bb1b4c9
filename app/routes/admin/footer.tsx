import { Pencil } from "lucide-react";
import { useState } from "react";
import type { Route } from "./+types/footer";
import { PageTitle, Panel, useDialogFetcher } from "~/components/admin/admin-ui";
import { ActiveField, EditDialog, EntityEditDialog, fileErrors, FileField, LinkField, PositionField } from "~/components/admin/edit-dialog";
import { EntityCard, EntityList, NewButton, useEditing, type EntityDialogProps } from "~/components/admin/entity-card";
import { MarkdownEditor } from "~/components/admin/markdown-editor";
import { InputField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { UPLOADS } from "~/domain/uploads";
import { footerTextsSchema, logoSchema } from "~/lib/admin-schemas";
import { InlineMarkdown } from "~/lib/inline-markdown";
import type { MarkdownTool } from "~/lib/markdown-edit";
import { LanguageTabs } from "~/components/admin/language-tabs";
import type { Translations } from "~/lib/translations";

export { loader, action } from "./footer.server";

/** The footer renders one line of basic Markdown (InlineMarkdown): no lists or headings. */
const FOOTER_TOOLS: MarkdownTool[] = ["bold", "italic", "link"];

/** The two texts of the footer: field, label and height. */
const TEXT_FIELDS = [
  ["footerText", "Text principal", 3],
  ["collaboratorsText", "Text de col·laboradors", 2],
] as const;

type Logo = Route.ComponentProps["loaderData"]["logos"][number];

export default function AdminFooter({ loaderData }: Route.ComponentProps) {
  const [textsOpen, setTextsOpen] = useState(false);
  const logo = useEditing<Logo>();
  const { config, logos } = loaderData;
  return (
    <>
      <PageTitle title="Gestió del Footer">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setTextsOpen(true)}>
            <Pencil aria-hidden="true" /> Edita els textos
          </Button>
          <NewButton onClick={logo.create}>Nou logo</NewButton>
        </div>
      </PageTitle>
      <Panel title="Vista prèvia">
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
      </Panel>
      <h2 className="mt-8 mb-4 text-lg font-bold">Logos</h2>
      <EntityList
        rows={logos}
        empty="Encara no hi ha logos."
        card={(l) => (
          <EntityCard
            key={l.id}
            id={l.id}
            title={l.name}
            heading="h3"
            active={l.isActive}
            onEdit={() => logo.edit(l)}
            remove={{ question: "Estàs segur que vols eliminar aquest logo?" }}
            media={<img src={l.imageUrl} alt="" className="h-16 w-auto self-start object-contain" />}
            badges={
              <>
                <Badge variant="outline">Posició {l.position}</Badge>
                {l.linkUrl && <Badge variant="soft">Amb enllaç</Badge>}
              </>
            }
          />
        )}
      />
      <TextsDialog key={String(textsOpen)} open={textsOpen} config={config} onClose={() => setTextsOpen(false)} />
      <LogoDialog key={logo.key} {...logo.dialog} />
    </>
  );
}

function TextsDialog({
  open,
  config,
  onClose,
}: {
  open: boolean;
  config: { footerText: string; collaboratorsText: string; translations: Translations };
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
          <LanguageTabs
            error={err}
            translations={config.translations}
            texts={TEXT_FIELDS.map(([name, label, rows]) => ({
              name,
              label,
              render: (field) => (
                <MarkdownEditor
                  label={field.label}
                  defaultValue={field.value}
                  onChange={field.onChange}
                  lang={field.lang}
                  rows={rows}
                  tools={FOOTER_TOOLS}
                  error={field.error}
                  preview={(text) => <InlineMarkdown text={text} />}
                />
              ),
            }))}
            catalan={TEXT_FIELDS.map(([name, label, rows]) => (
              <MarkdownEditor
                key={name}
                name={name}
                label={label}
                defaultValue={config[name]}
                rows={rows}
                required
                tools={FOOTER_TOOLS}
                error={err(name)}
                preview={(text) => <InlineMarkdown text={text} />}
              />
            ))}
          />
        </>
      )}
    </EditDialog>
  );
}

function LogoDialog(props: EntityDialogProps<Logo>) {
  const fetcher = useDialogFetcher(props.onClose);
  return (
    <EntityEditDialog
      {...props}
      title={["Edita el logo", "Nou logo"]}
      description="Imatge de fins a 5 MB. Els logos actius es mostren al footer per ordre de posició."
      schema={logoSchema}
      check={(form, row) => fileErrors(form, "image", { required: !row, ...UPLOADS.logo })}
      pendingLabel="Pujant..."
      multipart
      {...fetcher}
    >
      {(err, row) => (
        <>
          <InputField label="Nom" name="name" defaultValue={row?.name ?? ""} required error={err("name")} />
          <FileField label="Imatge" name="image" accept="image/*" editing={Boolean(row)} error={err("image")} />
          <LinkField value={row?.linkUrl} error={err("linkUrl")} />
          <PositionField value={row?.position} error={err("position")} />
          <ActiveField id="logo-active" defaultChecked={row?.isActive} />
        </>
      )}
    </EntityEditDialog>
  );
}
