import { ExternalLinkIcon, MapIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Skeleton } from "~/components/ui/skeleton";
import type { MapSettings } from "~/lib/participation-texts";
import { cn } from "~/lib/utils";
import { MAP_COMMENT_ACTION, MapCommentForm } from "./map-comment-form";

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

/** The map dialog: the embedded proposal map and the comment form. Without JavaScript its
 * button is a link to a page with the same map and form. */
export function MapDialog({ label = "Obre el mapa", className }: { label?: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);
  const settings = useFetcher<{ map: MapSettings }>({ key: "map-settings" });
  const { load, state, data } = settings;
  useEffect(() => {
    if (open && !data && state === "idle") void load(MAP_COMMENT_ACTION);
  }, [open, data, state, load]);

  return (
    <>
      <a
        ref={trigger}
        href={MAP_COMMENT_ACTION}
        className={cn(buttonVariants({ variant: "outline" }), className)}
        aria-haspopup="dialog"
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        <MapIcon aria-hidden="true" />
        {label}
      </a>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          className="sm:max-w-3xl"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            trigger.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>Mapa interactiu</DialogTitle>
            <DialogDescription>Consulta les propostes de la xarxa ciclable i deixa-hi el teu comentari.</DialogDescription>
          </DialogHeader>
          <MapFrame settings={data?.map} />
          <MapCommentForm onSent={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
    </>
  );
}
