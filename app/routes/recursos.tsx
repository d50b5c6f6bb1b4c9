import { FileTextIcon, VideoIcon } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/recursos";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { activeResources } from "~/models/content.server";
import { localeOf } from "~/i18n/locales";
import { imageSrcSet, imageVariantUrl } from "~/lib/images";
import { localePaths } from "~/lib/routes";
import { useLocale, useT } from "~/i18n/react";
import { EmptyState } from "~/components/empty-state";
import { CaptionedVideo } from "~/components/site/captioned-video";

export async function loader({ request, context }: Route.LoaderArgs) {
  return { resources: await activeResources(context.db, localeOf(new URL(request.url).pathname)) };
}

export default function Recursos({ loaderData }: Route.ComponentProps) {
  const { resources } = loaderData;
  const t = useT();
  const paths = localePaths(useLocale());
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <Link to={paths.home} className="font-semibold text-brand-dark underline underline-offset-4">
        {t("public.recursos.back")}
      </Link>
      <h1 className="mt-4 text-3xl font-extrabold text-brand-dark md:text-4xl">{t("public.recursos.title")}</h1>
      {resources.length === 0 ? (
        <EmptyState className="mt-8" action={{ to: paths.participa, label: t("public.recursos.emptyAction") }}>
          {t("public.recursos.empty")}
        </EmptyState>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {resources.map((r, i) => (
            <li key={r.id} className="flex flex-col overflow-hidden rounded-lg border border-ink/10 shadow-sm">
              {r.video ? (
                <CaptionedVideo
                  src={r.video.url}
                  captionsUrl={r.video.captionsUrl}
                  audioDescription={r.video.audioDescription}
                  title={r.title.text}
                />
              ) : r.imageKey ? (
                <img
                  src={imageVariantUrl(r.imageKey, 640)}
                  srcSet={imageSrcSet(r.imageKey, 800)}
                  sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
                  alt=""
                  width={640}
                  height={360}
                  // The first row is on the screen at once: loaded with the page, before hydration.
                  loading={i < 3 ? "eager" : "lazy"}
                  className="aspect-video w-full bg-brand-soft object-cover"
                />
              ) : (
                <div aria-hidden="true" className="flex aspect-video items-center justify-center bg-brand-soft text-brand">
                  {r.mediaType === "video" ? <VideoIcon className="size-12" /> : <FileTextIcon className="size-12" />}
                </div>
              )}
              <div className="flex flex-1 flex-col gap-3 p-5">
                <h2 lang={r.title.lang} className="text-lg font-bold">
                  {r.title.text}
                </h2>
                {r.description && (
                  <p lang={r.description.lang} className="flex-1 text-ink/85">
                    {r.description.text}
                  </p>
                )}
                <div className="flex flex-wrap gap-2">
                  {r.fullText && (
                    <Dialog>
                      <DialogTrigger asChild>
                        <Button variant="outline" size="sm">
                          {t("public.recursos.seeText")}
                        </Button>
                      </DialogTrigger>
                      <DialogContent>
                        <DialogHeader>
                          <DialogTitle lang={r.title.lang}>{r.title.text}</DialogTitle>
                          {r.description ? (
                            <DialogDescription lang={r.description.lang}>{r.description.text}</DialogDescription>
                          ) : (
                            <DialogDescription>{t("public.recursos.textOf")}</DialogDescription>
                          )}
                        </DialogHeader>
                        <p lang={r.fullText.lang} className="break-words whitespace-pre-line">
                          {r.fullText.text}
                        </p>
                      </DialogContent>
                    </Dialog>
                  )}
                  {r.href && (
                    <Button asChild size="sm">
                      <a href={r.href} target="_blank" rel="noopener noreferrer">
                        {t("public.recursos.download")}
                        <span className="sr-only">{t("public.recursos.downloadOf", { title: r.title.text })}</span>
                      </a>
                    </Button>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
