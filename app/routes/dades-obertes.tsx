import { Braces, FileSpreadsheet, Map as MapIcon, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/dades-obertes";
import { RichText, useLocale, useT } from "~/i18n/react";
import { DEFAULT_LICENCE, DEFAULT_PUBLISHER, KNOWN_LICENCES, OPEN_DATA_FILES } from "~/lib/open-data";
import { localePaths } from "~/lib/routes";
import { cn } from "~/lib/utils";
import { publicRead } from "~/models/content.server";
import { readOpenDataSettings } from "~/models/open-data.server";

// The open data (issue 31, decision 074): what the files hold, their licence, a link to each, and
// the DCAT-AP catalogue's address for the portals that harvest it.

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await publicRead("open data settings", () => readOpenDataSettings(context.db), {
    licence: DEFAULT_LICENCE,
    publisher: DEFAULT_PUBLISHER,
  });
  return {
    ...settings,
    licenceName: KNOWN_LICENCES[settings.licence] ?? settings.licence,
    catalogueUrl: `${context.env.PUBLIC_URL}${OPEN_DATA_FILES.catalogue}`,
  };
}

type FileLink = { href: string; label: string; name: string; type: string; icon: LucideIcon };

/** The files of a dataset: each a link with its format and its file's name. */
function Files({ files, label }: { files: FileLink[]; label: string }) {
  return (
    <ul aria-label={label} className={cn("mt-4 grid gap-3", files.length > 1 && "sm:grid-cols-2")}>
      {files.map(({ href, label, name, type, icon: Icon }) => (
        <li key={href}>
          <a
            href={href}
            type={type}
            className="flex min-h-11 items-center gap-3 rounded-lg border border-ink/20 bg-white p-4 font-semibold text-brand-dark hover:bg-brand-soft focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none"
          >
            <Icon aria-hidden="true" className="size-6 shrink-0" />
            <span className="flex flex-col">
              <span className="underline underline-offset-4">{label}</span>
              <span className="text-sm font-normal break-all text-ink/80">{name}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

const COLUMNS = [
  ["id", "id"],
  ["tipus", "tipus, tipus_nom"],
  ["data", "data"],
  ["text", "text, transcripcio"],
  ["ambit", "ambit, categoria"],
  ["municipi", "municipi, tram"],
  ["lat", "lat, lng"],
  ["estat_resposta", "estat_resposta"],
  ["resposta", "resposta"],
  ["data_resposta", "data_resposta"],
] as const;

const fileName = (href: string) => href.slice(href.lastIndexOf("/") + 1);

export default function OpenData({ loaderData }: Route.ComponentProps) {
  const { licence, licenceName, publisher, catalogueUrl } = loaderData;
  const t = useT();
  const paths = localePaths(useLocale());
  const files = t("public.openData.download");
  const file = (href: string, label: string, type: string, icon: LucideIcon): FileLink => ({
    href,
    label,
    name: fileName(href),
    type,
    icon,
  });
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-brand-dark [&_p]:mt-3">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">{t("public.openData.title")}</h1>
      <p className="text-lg">{t("public.openData.intro")}</p>

      <section aria-labelledby="aportacions">
        <h2 id="aportacions">{t("public.openData.contributions.heading")}</h2>
        <p>{t("public.openData.contributions.text")}</p>
        <Files
          label={`${files}: ${t("public.openData.contributions.heading")}`}
          files={[
            file(OPEN_DATA_FILES.contributionsCsv, t("public.openData.csv"), "text/csv", FileSpreadsheet),
            file(OPEN_DATA_FILES.contributionsGeoJson, t("public.openData.contributionsGeoJson"), "application/geo+json", MapIcon),
          ]}
        />
        <h3 className="mt-8 text-lg font-bold">{t("public.openData.columns.heading")}</h3>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{t("public.openData.columns.caption")}</caption>
            <thead>
              <tr className="border-b-2 border-ink/20">
                <th scope="col" className="p-2">
                  {t("public.openData.columns.name")}
                </th>
                <th scope="col" className="p-2">
                  {t("public.openData.columns.meaning")}
                </th>
              </tr>
            </thead>
            <tbody>
              {COLUMNS.map(([key, names]) => (
                <tr key={key} className="border-b border-ink/10 align-top">
                  <th scope="row" className="p-2 font-mono font-semibold" lang="ca">
                    {names}
                  </th>
                  <td className="p-2">{t(`public.openData.columns.${key}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="seguiment">
        <h2 id="seguiment">{t("public.openData.results.heading")}</h2>
        <p>
          <RichText
            text={t("public.openData.results.text")}
            parts={{
              link: (chunk) => (
                <Link to={paths.tracker} className="font-semibold text-brand-dark underline underline-offset-4">
                  {chunk}
                </Link>
              ),
            }}
          />
        </p>
        <Files
          label={`${files}: ${t("public.openData.results.heading")}`}
          files={[
            file(OPEN_DATA_FILES.resultsCsv, t("public.openData.csv"), "text/csv", FileSpreadsheet),
            file(OPEN_DATA_FILES.resultsGeoJson, t("public.openData.resultsGeoJson"), "application/geo+json", MapIcon),
          ]}
        />
      </section>

      <section aria-labelledby="llicencia">
        <h2 id="llicencia">{t("public.openData.licence.heading")}</h2>
        <p>
          <RichText
            text={t("public.openData.licence.text", { licence: licenceName, publisher })}
            parts={{
              link: (chunk) => (
                <a href={licence} rel="license" className="font-semibold text-brand-dark underline underline-offset-4">
                  {chunk}
                </a>
              ),
            }}
          />
        </p>
      </section>

      <section aria-labelledby="cataleg">
        <h2 id="cataleg">{t("public.openData.catalogue.heading")}</h2>
        <p>{t("public.openData.catalogue.text")}</p>
        <Files
          label={`${files}: ${t("public.openData.catalogue.heading")}`}
          files={[{ ...file(OPEN_DATA_FILES.catalogue, t("public.openData.catalogue.link"), "text/turtle", Braces), name: catalogueUrl }]}
        />
        <p className="text-sm text-ink/80">{t("public.openData.formats")}</p>
      </section>
    </article>
  );
}
