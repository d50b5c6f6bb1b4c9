import { ChevronLeftIcon, ChevronRightIcon, XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useRef, useState } from "react";
import { imageSrcSet, imageVariantUrl } from "~/lib/images";
import { useT } from "~/i18n/react";
import type { Localized } from "~/lib/translations";

export interface GalleryPhoto {
  id: string;
  /** Staff texts, in the page's language or in Catalan marked so (decision 062). */
  title: Localized;
  description: Localized | null;
  key: string;
  width: number | null;
  height: number | null;
}

/** How far a finger must travel sideways (px) to change the photo, and more than it moves up or down. */
const SWIPE_PX = 50;

/** The Vivi's photos in masonry columns; each opens the lightbox. Each photo is a link to its large
 * version, so it opens without JavaScript too; once the page has hydrated, the link opens the
 * lightbox instead: a Radix dialog (focus trapped, Escape closes, focus back on the photo it ends
 * on) with the previous and next photos by button, arrow keys or a swipe, and 'Foto 3 de 12'. */
export function PhotoGallery({ photos }: { photos: GalleryPhoto[] }) {
  const t = useT();
  const [open, setOpen] = useState<number | null>(null);
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  // The photo on screen, kept for the focus to return to it once the lightbox has closed.
  const lastShown = useRef(0);
  const show = (i: number) => {
    lastShown.current = i;
    setOpen(i);
  };
  return (
    <>
      <ul className="mt-6 columns-1 gap-4 sm:columns-2 lg:columns-3">
        {photos.map((photo, i) => (
          <li key={photo.id} className="mb-4 break-inside-avoid">
            <figure className="overflow-hidden rounded-lg border border-ink/10 bg-white shadow-sm">
              <a
                ref={(el) => {
                  links.current[i] = el;
                }}
                href={imageVariantUrl(photo.key, 1920)}
                aria-haspopup="dialog"
                onClick={(e) => {
                  if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
                  e.preventDefault();
                  show(i);
                }}
                className="block focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none focus-visible:ring-inset"
              >
                <img
                  src={imageVariantUrl(photo.key, 800)}
                  srcSet={imageSrcSet(photo.key, 800)}
                  sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
                  width={photo.width ?? 800}
                  height={photo.height ?? 600}
                  alt={photo.title.text}
                  lang={photo.title.lang}
                  loading={i < 3 ? "eager" : "lazy"}
                  decoding="async"
                  className="h-auto w-full bg-brand-soft"
                />
                <span className="sr-only">{t("public.gallery.enlarge")}</span>
              </a>
              <figcaption className="p-4">
                <p lang={photo.title.lang} className="font-bold">
                  {photo.title.text}
                </p>
                {photo.description && (
                  <p lang={photo.description.lang} className="mt-1 text-sm text-ink/80">
                    {photo.description.text}
                  </p>
                )}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <Lightbox
        photos={photos}
        index={open}
        onIndex={show}
        onClose={() => setOpen(null)}
        returnFocus={() => links.current[lastShown.current]?.focus()}
      />
    </>
  );
}

function Lightbox({
  photos,
  index,
  onIndex,
  onClose,
  returnFocus,
}: {
  photos: GalleryPhoto[];
  index: number | null;
  onIndex: (i: number) => void;
  onClose: () => void;
  returnFocus: () => void;
}) {
  const t = useT();
  const touch = useRef<{ x: number; y: number } | null>(null);
  const photo = index === null ? undefined : photos[index];
  const total = photos.length;
  const go = (step: number) => index !== null && onIndex((index + step + total) % total);
  return (
    <DialogPrimitive.Root open={photo !== undefined} onOpenChange={(o) => !o && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black" />
        <DialogPrimitive.Content
          data-slot="lightbox"
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            // Back to the photo the visitor ended on, not the one they opened.
            e.preventDefault();
            returnFocus();
          }}
          onKeyDown={(e) => {
            if (e.key === "ArrowRight") go(1);
            else if (e.key === "ArrowLeft") go(-1);
            else return;
            e.preventDefault();
          }}
          onTouchStart={(e) => {
            const t = e.touches[0];
            touch.current = t ? { x: t.clientX, y: t.clientY } : null;
          }}
          onTouchEnd={(e) => {
            const start = touch.current;
            const t = e.changedTouches[0];
            touch.current = null;
            if (!start || !t) return;
            const dx = t.clientX - start.x;
            if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(t.clientY - start.y)) go(dx < 0 ? 1 : -1);
          }}
          className="fixed inset-0 z-50 flex flex-col text-white outline-none"
        >
          {photo && index !== null && (
            <>
              <div className="flex items-start justify-between gap-4 p-4">
                <div className="min-w-0">
                  <DialogPrimitive.Title lang={photo.title.lang} className="text-lg leading-tight font-bold">
                    {photo.title.text}
                  </DialogPrimitive.Title>
                  <p className="mt-1 text-sm text-white/90" aria-live="polite" aria-atomic="true">
                    {/* 'Foto 3 de 12' */}
                    {t("public.gallery.counter", { n: index + 1, total })}
                  </p>
                </div>
                <DialogPrimitive.Close className="flex size-11 shrink-0 items-center justify-center rounded-full bg-white/10 hover:bg-white/20 focus-visible:ring-[3px] focus-visible:ring-white focus-visible:outline-none">
                  <XIcon aria-hidden="true" className="size-6" />
                  <span className="sr-only">{t("public.gallery.close")}</span>
                </DialogPrimitive.Close>
              </div>
              <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 sm:px-16">
                <img
                  key={photo.id}
                  src={imageVariantUrl(photo.key, 1200)}
                  srcSet={imageSrcSet(photo.key, 1920)}
                  sizes="(min-width: 640px) calc(100vw - 8rem), 100vw"
                  width={photo.width ?? 1200}
                  height={photo.height ?? 900}
                  alt={photo.title.text}
                  lang={photo.title.lang}
                  decoding="async"
                  className="h-auto max-h-full w-auto max-w-full object-contain opacity-100 transition-opacity duration-200 select-none starting:opacity-0 motion-reduce:transition-none"
                />
                {total > 1 && (
                  <>
                    <NavButton side="left" label={t("public.gallery.previous")} onClick={() => go(-1)} />
                    <NavButton side="right" label={t("public.gallery.next")} onClick={() => go(1)} />
                  </>
                )}
              </div>
              <div className="p-4 text-center text-sm text-white/90">
                {photo.description && (
                  <p lang={photo.description.lang} className="mx-auto max-w-2xl">
                    {photo.description.text}
                  </p>
                )}
                {total > 1 && <p className="mt-1 hidden pointer-fine:block">{t("public.gallery.keysHint")}</p>}
                {total > 1 && <p className="mt-1 hidden pointer-coarse:block">{t("public.gallery.swipeHint")}</p>}
              </div>
            </>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function NavButton({ side, label, onClick }: { side: "left" | "right"; label: string; onClick: () => void }) {
  const Icon = side === "left" ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <button
      type="button"
      onClick={onClick}
      className={`absolute top-1/2 ${side === "left" ? "left-2" : "right-2"} flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-black/60 hover:bg-black/80 focus-visible:ring-[3px] focus-visible:ring-white focus-visible:outline-none`}
    >
      <Icon aria-hidden="true" className="size-7" />
      <span className="sr-only">{label}</span>
    </button>
  );
}
