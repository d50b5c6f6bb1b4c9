import { ExternalLinkIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { MapList } from "~/components/map/map-list";
import { COMMENTS_URL, ParticipationMap } from "~/components/map/participation-map";
import type { MapPlace } from "~/domain/map";
import { buttonVariants } from "~/components/ui/button";
import { MapEmbed } from "~/components/site/map-embed";
import { Skeleton } from "~/components/ui/skeleton";
import type { MapSettings, WriteResult } from "~/lib/participation-texts";
import { useLocale } from "~/i18n/react";
import { localePaths } from "~/lib/routes";
import { cn } from "~/lib/utils";
import { MapCommentForm } from "./map-comment-form";
import { useSay } from "./shared";

// The proposal map and the comment form: the /participa/mapa page's body, and the map dialog's,
// loaded only when the dialog opens (map-dialog.tsx), so that the pages with the dialog's button
// (the home's hero) do not load the map's code to hydrate (DESIGN.md: 150 KB on the home page).

/** The external proposal map, sandboxed, with a link to the full map. */
export function MapFrame({ settings }: { settings: MapSettings | undefined }) {
  const say = useSay();
  if (!settings) return <Skeleton className="h-[45dvh] min-h-64 w-full" />;
  if (!settings.embedUrl) return <p>{say("forms.map.unavailable")}</p>;
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
          {say("forms.map.openFull")}
          <span className="sr-only">{say("forms.map.newTab")}</span>
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

/** Mounted when the dialog opens: the map's settings are loaded then (the page's loader). */
export default function MapDialogBody() {
  const { load, state, data } = useFetcher<{ map: MapSettings }>({ key: "map-settings" });
  const href = localePaths(useLocale()).map;
  useEffect(() => {
    if (!data && state === "idle") void load(href);
  }, [data, state, load, href]);
  return <MapAndComment settings={data?.map} />;
}
