import { ExternalLinkIcon, MapIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { MapList } from "~/components/map/map-list";
import { COMMENTS_URL, ParticipationMap } from "~/components/map/participation-map";
import type { MapPlace } from "~/domain/map";
import { buttonVariants } from "~/components/ui/button";
import { MapEmbed } from "~/components/site/map-embed";
import { Skeleton } from "~/components/ui/skeleton";
import type { MapSettings, WriteResult } from "~/lib/participation-texts";
import { paths } from "~/lib/routes";
import { cn } from "~/lib/utils";
import { MapCommentForm } from "./map-comment-form";
import { FormDialog } from "./shared";

/** The external proposal map, sandboxed, with a link to the full map. */
export function MapFrame({ settings }: { settings: MapSettings | undefined }) {
  if (!settings) return <Skeleton className="h-[45dvh] min-h-64 w-full" />;
  if (!settings.embedUrl) return <p>El mapa no està disponible en aquest moment.</p>;
  return (
    <div className="flex flex-col gap-3">
      <MapEmbed src={settings.embedUrl} className="h-[45dvh] min-h-64 w-full rounded-lg border border-ink/10" />
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

/** The map (ours, where a comment can be placed, or the external embed) with the comment form;
 * the list beside our map on the page (withList). */
export function MapAndComment({
  settings,
  result,
  withList = false,
}: {
  settings: MapSettings | undefined;
  result?: WriteResult;
  withList?: boolean;
}) {
  const [place, setPlace] = useState<MapPlace | null>(null);
  // A comment published at once is drawn on the map: the map is made again with the comments read
  // afresh (past the browser's minute of cache; the author's next reads skip the page cache).
  const [published, setPublished] = useState(0);
  const native = settings?.kind === "native";
  return (
    <>
      {!settings ? (
        <Skeleton className="h-[45dvh] min-h-64 w-full" />
      ) : native ? (
        <ParticipationMap
          key={published}
          view={settings}
          eager
          onPlace={setPlace}
          place={place}
          className="h-[45dvh] min-h-64"
          commentsUrl={published ? `${COMMENTS_URL}?v=${published}` : COMMENTS_URL}
        />
      ) : (
        <MapFrame settings={settings} />
      )}
      <MapCommentForm
        result={result}
        place={native ? place : undefined}
        onClearPlace={() => setPlace(null)}
        onSent={(answer) => {
          setPlace(null);
          if (answer.view) setPublished(Date.now());
        }}
      />
      {withList && native && settings && <MapList layers={settings.layers} comments={settings.comments} />}
    </>
  );
}

export const MAP_TEXTS = {
  title: "Mapa interactiu",
  description: "Consulta les propostes de la xarxa ciclable i deixa-hi el teu comentari.",
};

/** The map dialog: the proposal map and the comment form. Without JavaScript its button is a
 * link to a page with the same map and form. */
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
      <MapDialogBody />
    </FormDialog>
  );
}

/** Mounted when the dialog opens: the map's settings are loaded then (the page's loader). */
function MapDialogBody() {
  const { load, state, data } = useFetcher<{ map: MapSettings }>({ key: "map-settings" });
  useEffect(() => {
    if (!data && state === "idle") void load(paths.map);
  }, [data, state, load]);
  return <MapAndComment settings={data?.map} />;
}
