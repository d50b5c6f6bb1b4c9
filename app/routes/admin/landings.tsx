import { ExternalLink } from "lucide-react";
import { useState } from "react";
import type { Route } from "./+types/landings";
import { useDialogFetcher } from "~/components/admin/admin-ui";
import { ActiveField, editedRow, EntityEditDialog } from "~/components/admin/edit-dialog";
import { EntityScreen, type EntityDialogProps } from "~/components/admin/entity-card";
import { MarkdownEditor } from "~/components/admin/markdown-editor";
import { InputField } from "~/components/form-field";
import { Markdown } from "~/lib/markdown";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { landingSchema, slugFromTitle } from "~/lib/admin-schemas";
import { formatShortDate } from "~/lib/dates";
import { markdownExcerpt } from "~/lib/markdown-text";
import { paths } from "~/lib/routes";
import { LanguageTabs } from "~/components/admin/language-tabs";

export { loader, action } from "./landings.server";

type Row = Route.ComponentProps["loaderData"]["landings"][number];

/** The preview as the landing page sets it out (headings, lists and links styled). */
const LANDING_PREVIEW =
  "[&_a]:text-brand-dark [&_h1]:text-xl [&_h1]:font-bold [&_h2]:text-lg [&_h2]:font-bold [&_li]:ml-5 [&_li]:list-disc [&_p]:my-2";

export default function AdminLandings({ loaderData }: Route.ComponentProps) {
  return (
    <EntityScreen
      title="Landing Pages"
      newLabel="Nova landing page"
      empty="Encara no hi ha landing pages."
      rows={loaderData.landings}
      gridClassName="lg:grid-cols-2"
      dialog={LandingDialog}
      card={(l) => ({
        title: l.title,
        remove: { question: `Estàs segur que vols eliminar la landing page «${l.title}»? Aquesta acció no es pot desfer.` },
        badges: <Badge variant={l.isActive ? "success" : "secondary"}>{l.isActive ? "Activa" : "Inactiva"}</Badge>,
        actions: l.isActive && (
          <Button asChild size="sm" variant="outline">
            <a href={paths.landing(l.slug)} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" /> Veure<span className="sr-only"> {l.title} (s'obre en una pestanya nova)</span>
            </a>
          </Button>
        ),
        children: (
          <>
            <p className="font-mono text-sm">/landing/{l.slug}</p>
            <p className="text-sm text-ink/80">{formatShortDate(l.createdAt)}</p>
            {l.description && <p className="text-sm">{markdownExcerpt(l.description, 200)}</p>}
          </>
        ),
      })}
    />
  );
}

function LandingDialog(props: EntityDialogProps<Row>) {
  const fetcher = useDialogFetcher(props.onClose);
  const row = editedRow(props.editing);
  const [title, setTitle] = useState(row?.title ?? "");
  const [slug, setSlug] = useState(row?.slug ?? "");
  const [slugTouched, setSlugTouched] = useState(false);
  return (
    <EntityEditDialog
      {...props}
      title={["Edita la landing page", "Nova landing page"]}
      description="La descripció admet Markdown. Només es publiquen les landing pages actives."
      schema={landingSchema}
      className="sm:max-w-2xl"
      {...fetcher}
    >
      {(err) => (
        <>
          <LanguageTabs
            error={err}
            translations={row?.translations}
            texts={[
              { name: "title", label: "Títol", maxLength: 200 },
              {
                name: "description",
                label: "Descripció (Markdown)",
                render: (field) => (
                  <MarkdownEditor
                    label={field.label}
                    defaultValue={field.value}
                    onChange={field.onChange}
                    lang={field.lang}
                    rows={10}
                    error={field.error}
                    preview={(text) => <Markdown className={LANDING_PREVIEW}>{text}</Markdown>}
                  />
                ),
              },
            ]}
            catalan={
              <>
                <InputField
                  label="Títol"
                  name="title"
                  value={title}
                  required
                  error={err("title")}
                  onChange={(e) => {
                    setTitle(e.target.value);
                    // Only when creating, and until the slug is typed by hand.
                    if (!row && !slugTouched) setSlug(slugFromTitle(e.target.value));
                  }}
                />
                <InputField
                  label="Slug"
                  name="slug"
                  value={slug}
                  readOnly={Boolean(row)}
                  error={err("slug")}
                  hint={row ? "El slug no es pot canviar un cop creada la landing page." : `Adreça: /landing/${slug || "..."}`}
                  onChange={(e) => {
                    setSlugTouched(true);
                    setSlug(e.target.value);
                  }}
                />
                <MarkdownEditor
                  name="description"
                  label="Descripció (Markdown)"
                  defaultValue={row?.description ?? ""}
                  rows={10}
                  error={err("description")}
                  preview={(text) => <Markdown className={LANDING_PREVIEW}>{text}</Markdown>}
                />
              </>
            }
          />
          <ActiveField id="landing-active" label="Activa" defaultChecked={row?.isActive} />
        </>
      )}
    </EntityEditDialog>
  );
}
