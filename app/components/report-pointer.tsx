import { Link, useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import { useLocale, useT } from "~/i18n/react";
import { localePaths } from "~/lib/routes";
import { cn } from "~/lib/utils";

/** What the public layout knows of the report and the tracker: whether each has something public. */
export function useReportLinks(): { heard: boolean; tracker: boolean } {
  const data = useRouteLoaderData("routes/public-layout") as { heard?: boolean; tracker?: boolean } | undefined;
  return { heard: data?.heard ?? false, tracker: data?.tracker ?? false };
}

/** Phases 2 and 3 (decision 075): the answers are out. The home's band and the project page's box
 * point to the report, and to the tracker when it has a public result; server-rendered links, no
 * script of their own. */
export function ReportPointer({ tracker, band = false }: { tracker: boolean; band?: boolean }) {
  const t = useT();
  const paths = localePaths(useLocale());
  return (
    <section aria-labelledby="retorn" className={band ? "bg-leaf-soft" : "mt-10 rounded-xl bg-leaf-soft"}>
      <div className={cn("flex flex-wrap items-center gap-4", band ? "mx-auto max-w-6xl px-4 py-8" : "px-6 py-6")}>
        <div className="min-w-64 flex-1">
          <h2 id="retorn" className="text-2xl font-extrabold text-brand-dark">
            {t("public.home.report.title")}
          </h2>
          <p className="mt-1">{t("public.home.report.text")}</p>
        </div>
        <Button asChild>
          <Link to={paths.heard}>{t("public.heard.title")}</Link>
        </Button>
        {tracker && (
          <Button asChild variant="outline">
            <Link to={paths.tracker}>{t("public.tracker.title")}</Link>
          </Button>
        )}
      </div>
    </section>
  );
}
