import { useState } from "react";
import { Panel, useCheckedFetcherForm } from "~/components/admin/admin-ui";
import { FormField, SubmitButton } from "~/components/form-field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { mapBaseSchema, type MapBaseForm } from "~/lib/admin-schemas";
import { tileSource } from "~/lib/map-tiles";

const EXAMPLES = [
  [
    "Institut Cartogràfic i Geològic de Catalunya (topogràfic)",
    "https://geoserveis.icgc.cat/servei/catalunya/mapa-base/wmts/topografic/MON3857NW/{z}/{x}/{y}.png",
    "© Institut Cartogràfic i Geològic de Catalunya",
  ],
  ["OpenStreetMap", "https://tile.openstreetmap.org/{z}/{x}/{y}.png", "© Col·laboradors d'OpenStreetMap"],
] as const;

/** The base map of our own map (issue 17), on the settings screen: tiles, attribution, which map. */
export function MapBaseSettingsForm({ saved }: { saved: MapBaseForm }) {
  const form = useCheckedFetcherForm(mapBaseSchema);
  const [tileUrl, setTileUrl] = useState(saved.tileUrl ?? "");
  const source = tileSource(tileUrl.trim());
  return (
    <Panel
      title="Mapa propi"
      intro="El mapa de la web dibuixa les capes de la xarxa (Capes del mapa) i els comentaris sobre un mapa base de tessel·les. Sense mapa base, les capes es dibuixen igualment sobre un fons llis."
      className="mt-6"
    >
      <form.fetcher.Form method="post" noValidate className="flex flex-col gap-5" onSubmit={form.onSubmit}>
        <input type="hidden" name="intent" value="map-base" />
        <FormField label="Quin mapa es mostra" error={form.error("mapKind")}>
          <Select name="mapKind" defaultValue={saved.mapKind}>
            <option value="native">El mapa propi (capes i comentaris amb lloc)</option>
            <option value="embed">El mapa extern incrustat (adreça de dalt)</option>
          </Select>
        </FormField>
        <FormField
          label="Adreça de les tessel·les"
          error={form.error("tileUrl")}
          hint={
            <>
              Una plantilla amb {"{z}"}, {"{x}"} i {"{y}"}, per exemple: {EXAMPLES.map(([name, url]) => `${name}: ${url}`).join("; ")}.
              {source && (
                <span className="mt-1 block font-semibold text-ink/85">En desar-la, la web permetrà carregar imatges de {source}.</span>
              )}
            </>
          }
        >
          <Input
            name="tileUrl"
            type="url"
            spellCheck={false}
            placeholder="https://"
            value={tileUrl}
            onChange={(e) => setTileUrl(e.target.value)}
          />
        </FormField>
        <FormField label="Atribució del mapa base" error={form.error("tileAttribution")}>
          <Input name="tileAttribution" defaultValue={saved.tileAttribution ?? ""} maxLength={300} placeholder={EXAMPLES[0][2]} />
        </FormField>
        <SubmitButton submitting={form.busy} busy="Desant..." className="self-start">
          Desa el mapa base
        </SubmitButton>
      </form.fetcher.Form>
    </Panel>
  );
}
