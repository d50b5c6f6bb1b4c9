import { ExternalLinkIcon, MapIcon } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import type { MapSettings } from "~/lib/participation-texts";
import { paths } from "~/lib/routes";
import { cn } from "~/lib/utils";
import { MapCommentForm } from "./map-comment-form";
import { FormDialog } from "./shared";

/** The proposal map, sandboxed, with a link to the full map. */
export function MapFrame({ settings }: { settings: MapSettings | undefined }) {
  if (!settings) return <Skeleton className="h-[45dvh] min-h-64 w-full" />;
  if (!settings.embedUrl) return <p>El mapa no està disponible en aquest moment.</p>;
  return (
    <div className="flex flex-col gap-3">
      <iframe
        src={settings.embedUrl}
        title="Mapa interactiu de propostes de la xarxa ciclable"
        sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        className="h-[45dvh] min-h-64 w-full rounded-lg border border-ink/10"
      />
      {settings.fullUrl && (
        <a
          href={settings.fullUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(buttonVariants({ variant: "outline" }), "self-start")}
        >
          <ExternalLinkIcon aria-hidden="true" />
          Obre el mapa complet
          <span className="sr-only">(s'obre en una pestanya nova)</span>
        </a>
      )}
    </div>
  );
}

export const MAP_TEXTS = {
  title: "Mapa interactiu",
  description: "Consulta les propostes de la xarxa ciclable i deixa-hi el teu comentari.",
};

/** The map dialog: the embedded proposal map and the comment form. Without JavaScript its
 * button is a link to a page with the same map and form. */
export function MapDialog({ label = "Obre el mapa", className }: { label?: string; className?: string }) {
  return (
    <FormDialog
      href={paths.map}
      icon={<MapIcon aria-hidden="true" />}
      label={label}
      variant="outline"
      className={className}
      {...MAP_TEXTS}
      contentClassName="sm:max-w-3xl"
    >
      {(close) => <MapDialogBody onSent={close} />}
    </FormDialog>
  );
}

/** Mounted when the dialog opens: the map's settings are loaded then (the page's loader). */
function MapDialogBody({ onSent }: { onSent: () => void }) {
  const { load, state, data } = useFetcher<{ map: MapSettings }>({ key: "map-settings" });
  useEffect(() => {
    if (!data && state === "idle") void load(paths.map);
  }, [data, state, load]);
  return (
    <>
      <MapFrame settings={data?.map} />
      <MapCommentForm onSent={onSent} />
    </>
  );
}
