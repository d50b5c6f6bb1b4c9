import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { RichText, useT } from "~/i18n/react";

/** A third-party page in a sandboxed frame (the proposal map, the questionnaire), over a message:
 * while the page has not painted, or when it cannot load (no network, the host down) and leaves
 * the frame blank, the visitor reads what is happening and gets the address to open in a new tab,
 * rather than an empty box, in the page's language. */
export function ExternalFrame({
  what,
  src,
  className,
  ...props
}: ComponentProps<"iframe"> & { what: "map" | "questionnaire"; src: string }) {
  const t = useT();
  return (
    <div className={cn("relative overflow-hidden", className)}>
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-brand-soft/40 p-6 text-center">
        <p>{t(`public.frame.${what}.loading`)}</p>
        <p className="text-sm">
          <RichText
            text={t(`public.frame.${what}.fallback`)}
            parts={{
              link: (s) => (
                <a href={src} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-dark underline">
                  {s}
                  <span className="sr-only"> {t("public.common.opensNewTab")}</span>
                </a>
              ),
            }}
          />
        </p>
      </div>
      <iframe src={src} loading="lazy" referrerPolicy="no-referrer" className="relative size-full" {...props} />
    </div>
  );
}
