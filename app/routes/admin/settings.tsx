import { ExternalLink } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/settings";
import { PageTitle, Panel, useCheckedFetcherForm } from "~/components/admin/admin-ui";
import { CalendarForm, ModerationSettingsForm } from "~/components/admin/participation-settings";
import { FormField, SubmitButton } from "~/components/form-field";
import { Input } from "~/components/ui/input";
import { embedSettingsSchema, frameOrigin, frameOrigins, type EmbedSettings } from "~/lib/admin-schemas";
import { MapBaseSettingsForm } from "~/components/admin/map-base-form";
import { RetentionForm } from "~/components/admin/retention-form";
import { OpenDataForm } from "~/components/admin/open-data-form";
import { Button } from "~/components/ui/button";
import { adminPaths } from "~/lib/admin-paths";

export { loader, action } from "./settings.server";

type Field = keyof EmbedSettings;

const FIELDS: { name: Field; label: string; about: string; empty: string; framed: boolean }[] = [
  {
    name: "mapEmbedUrl",
    label: "Adreça del mapa incrustat",
    about: "El mapa interactiu de propostes que es mostra a la pàgina d'inici, a les landing pages i al diàleg del mapa.",
    empty: "Buida: no es mostra cap mapa (el diàleg del mapa diu que no està disponible).",
    framed: true,
  },
  {
    name: "mapFullUrl",
    label: "Adreça del mapa complet",
    about: "S'obre en una pestanya nova amb el botó «Obre el mapa complet». No s'incrusta, així que no cal permetre-la a la CSP.",
    empty: "Buida: a la pàgina d'inici no hi ha enllaç al mapa complet, i el diàleg del mapa obre l'adreça del mapa incrustat.",
    framed: false,
  },
  {
    name: "questionnaireUrl",
    label: "Adreça del qüestionari",
    about: "El formulari extern que s'obre dins del diàleg «Respon el qüestionari» de la pàgina Participa.",
    empty: "Buida: el botó del qüestionari no es mostra.",
    framed: true,
  },
];

/** What a typed address will do, said as it is typed. */
function liveNote(field: (typeof FIELDS)[number], value: string) {
  if (value.trim() === "") return field.empty;
  if (!embedSettingsSchema.shape[field.name].safeParse(value).success) return null;
  return field.framed ? `En desar-la, la web permetrà incrustar contingut de ${frameOrigin(value.trim())}.` : null;
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { saved, moderation, consultation, state } = loaderData;
  const form = useCheckedFetcherForm(embedSettingsSchema);
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    mapEmbedUrl: saved.mapEmbedUrl ?? "",
    mapFullUrl: saved.mapFullUrl ?? "",
    questionnaireUrl: saved.questionnaireUrl ?? "",
  }));
  const allowed = frameOrigins(saved);
  return (
    <>
      <PageTitle title="Configuració">
        <nav aria-label="Més configuració" className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={adminPaths.adminAnswerStates}>Estats de resposta</Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={adminPaths.adminAccessibility}>Declaració d'accessibilitat</Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={adminPaths.adminRights}>Drets sobre les dades</Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={adminPaths.adminLegalNotice}>Avís legal i privacitat</Link>
          </Button>
        </nav>
      </PageTitle>
      <div className="mb-6 grid gap-6 lg:grid-cols-2">
        <CalendarForm saved={consultation} state={state} />
        <ModerationSettingsForm saved={moderation} />
      </div>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Panel
          title="Adreces externes"
          intro="Totes són opcionals: si en deixes una buida, aquella part de la web no es mostra. Han de començar per https://."
        >
          <form.fetcher.Form method="post" noValidate className="flex flex-col gap-5" onSubmit={form.onSubmit}>
            {FIELDS.map((field) => {
              const note = liveNote(field, values[field.name]);
              return (
                <FormField
                  key={field.name}
                  label={field.label}
                  error={form.error(field.name)}
                  hint={
                    <>
                      {field.about}
                      {note && <span className="mt-1 block font-semibold text-ink/85">{note}</span>}
                    </>
                  }
                >
                  <Input
                    name={field.name}
                    type="url"
                    inputMode="url"
                    autoComplete="url"
                    spellCheck={false}
                    placeholder="https://"
                    value={values[field.name]}
                    onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
                  />
                </FormField>
              );
            })}
            <SubmitButton submitting={form.busy} busy="Desant..." className="self-start">
              Desa
            </SubmitButton>
          </form.fetcher.Form>
        </Panel>
        <Panel title="Ara mateix" className="flex flex-col gap-4">
          <dl className="flex flex-col gap-3 text-sm">
            {FIELDS.map((field) => (
              <div key={field.name}>
                <dt className="font-semibold">{field.label}</dt>
                <dd className="break-all">
                  {saved[field.name] ? (
                    <a href={saved[field.name]!} target="_blank" rel="noopener noreferrer" className="text-brand-dark underline">
                      {saved[field.name]}
                      <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5" />
                      <span className="sr-only"> (s'obre en una pestanya nova)</span>
                    </a>
                  ) : (
                    "Sense adreça: no es mostra."
                  )}
                </dd>
              </div>
            ))}
          </dl>
          <div className="text-sm">
            <h3 className="font-semibold">Orígens permesos als marcs (CSP frame-src)</h3>
            <ul className="mt-1 list-disc pl-5">
              <li>aquesta mateixa web</li>
              {allowed.map((origin) => (
                <li key={origin}>
                  <code className="break-all">{origin}</code>
                </li>
              ))}
            </ul>
            <p className="mt-2 text-ink/80">Qualsevol altre origen queda bloquejat. Els canvis s'apliquen en desar, sense reiniciar.</p>
          </div>
        </Panel>
      </div>
      <MapBaseSettingsForm saved={loaderData.mapBase} />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <RetentionForm saved={loaderData.retention} state={loaderData.retentionState} />
        <OpenDataForm saved={loaderData.openData} />
      </div>
    </>
  );
}
