import type { Route } from "./+types/map-layers";
import { useDialogFetcher } from "~/components/admin/admin-ui";
import { ActiveField, EntityEditDialog, fileErrors, FileField, PositionField } from "~/components/admin/edit-dialog";
import { EntityScreen, type EntityDialogProps } from "~/components/admin/entity-card";
import { LineSample } from "~/components/map/map-legend";
import { FormField, InputField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { labelled, Select } from "~/components/ui/select";
import { AREA_BBOX, LAYER_LIMITS, LINE_STYLES } from "~/domain/map";
import { LINE_STYLE_LABELS } from "~/domain/map-labels";
import { UPLOADS } from "~/domain/uploads";
import { mapLayerSchema } from "~/lib/admin-schemas";
import { formatNumber } from "~/i18n/locales";

export { loader, action } from "./map-layers.server";

type Layer = Route.ComponentProps["loaderData"]["layers"][number];

export default function AdminMapLayers({ loaderData }: Route.ComponentProps) {
  return (
    <EntityScreen
      title="Capes del mapa"
      newLabel="Nova capa"
      intro={
        <p className="mb-6 max-w-3xl">
          Cada capa és un fitxer GeoJSON (FeatureCollection de punts i línies, en WGS 84) dins de l'Alt Penedès. Les capes actives es
          dibuixen al mapa públic i a la llegenda, per ordre de posició.
        </p>
      }
      empty="Encara no hi ha cap capa. Puja la xarxa proposada com a GeoJSON."
      rows={loaderData.layers}
      dialog={LayerDialog}
      card={(l) => ({
        title: l.name,
        active: l.isActive,
        remove: { question: `Estàs segur que vols eliminar la capa «${l.name}»? Els comentaris que en citen un tram es mantenen.` },
        media: <LineSample colour={l.colour} lineStyle={l.lineStyle} className="h-4 w-24" />,
        badges: (
          <>
            <Badge variant="outline">Posició {l.position}</Badge>
            <Badge variant="soft">{formatNumber(l.featureCount)} elements</Badge>
            <Badge variant="outline">Línia {LINE_STYLE_LABELS[l.lineStyle].toLowerCase()}</Badge>
          </>
        ),
        children: (
          <a href={l.url} className="text-sm font-semibold text-brand-dark underline" download>
            Descarrega el GeoJSON<span className="sr-only"> de {l.name}</span>
          </a>
        ),
      })}
    />
  );
}

const area = AREA_BBOX.map((n) => n.toFixed(2).replace(".", ",")).join(" / ");

function LayerDialog(props: EntityDialogProps<Layer>) {
  const fetcher = useDialogFetcher(props.onClose);
  return (
    <EntityEditDialog
      {...props}
      title={["Edita la capa", "Nova capa"]}
      description={`GeoJSON de fins a ${LAYER_LIMITS.bytes / 1024 / 1024} MB i ${formatNumber(LAYER_LIMITS.features)} elements (Point, LineString, MultiLineString) en WGS 84, dins de l'àrea ${area} (oest / sud / est / nord). Les propietats name (o nom) i status (o estat) es mostren en clicar un tram.`}
      schema={mapLayerSchema}
      check={(form, row) => fileErrors(form, "file", { required: !row, ...UPLOADS.mapLayer })}
      pendingLabel="Pujant..."
      multipart
      {...fetcher}
    >
      {(err, row) => (
        <>
          <InputField label="Nom" name="name" defaultValue={row?.name ?? ""} maxLength={100} required error={err("name")} />
          <FileField
            label="Fitxer GeoJSON"
            accept=".geojson,.json,application/geo+json,application/json"
            editing={Boolean(row)}
            error={err("file")}
          />
          <div className="grid grid-cols-2 gap-4">
            <InputField
              label="Color"
              name="colour"
              type="color"
              defaultValue={row?.colour ?? "#c2185b"}
              className="h-10 p-1"
              error={err("colour")}
            />
            <FormField label="Estil de línia" error={err("lineStyle")}>
              <Select name="lineStyle" defaultValue={row?.lineStyle ?? "solid"} options={labelled(LINE_STYLES, LINE_STYLE_LABELS)} />
            </FormField>
          </div>
          <PositionField label="Posició (ordre a la llegenda)" value={row?.position} error={err("position")} />
          <ActiveField id="layer-active" label="Visible al mapa" defaultChecked={row?.isActive} />
        </>
      )}
    </EntityEditDialog>
  );
}
