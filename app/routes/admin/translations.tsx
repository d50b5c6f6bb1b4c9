import { Link } from "react-router";
import type { Route } from "./+types/translations";
import { EmptyState, PageTitle, TableHead } from "~/components/admin/admin-ui";
import { LOCALE_NAMES } from "~/i18n/locales";
import { adminPaths } from "~/lib/admin-paths";
import { TRANSLATED_LOCALES } from "~/lib/translations";

export { loader } from "./translations.server";

/** How the list names each language. */
const LANGUAGE: Record<(typeof TRANSLATED_LOCALES)[number], string> = { es: "castellà", en: "anglès" };

export default function AdminTranslations({ loaderData }: Route.ComponentProps) {
  const { items, only, totals } = loaderData;
  const filters = [
    { label: "Totes dues llengües", to: adminPaths.adminTranslations, current: only === null },
    ...TRANSLATED_LOCALES.map((l) => ({
      label: `Només ${LANGUAGE[l]}`,
      to: `${adminPaths.adminTranslations}?llengua=${l}`,
      current: only === l,
    })),
  ];
  return (
    <>
      <PageTitle title="Falten traduccions" />
      <p className="mb-4 max-w-3xl text-ink/85">
        Els textos del contingut que encara no tenen versió en castellà o en anglès. Mentre falti, la pàgina en aquella llengua mostra el
        text en català. Per traduir-lo, obre el contingut i fes servir les pestanyes {LOCALE_NAMES.es} i {LOCALE_NAMES.en}.
      </p>
      <p role="status" className="mb-4 font-semibold">
        Falten {totals.es} {totals.es === 1 ? "text" : "textos"} en castellà i {totals.en} {totals.en === 1 ? "text" : "textos"} en anglès.
      </p>
      <nav aria-label="Llengua" className="mb-4 flex flex-wrap gap-2">
        {filters.map((f) => (
          <Link
            key={f.to}
            to={f.to}
            aria-current={f.current ? "page" : undefined}
            className="inline-flex min-h-11 items-center rounded-md border border-ink/15 bg-white px-3 text-sm font-semibold aria-[current=page]:border-brand aria-[current=page]:bg-brand-soft"
          >
            {f.label}
          </Link>
        ))}
      </nav>
      {items.length === 0 ? (
        <EmptyState>No falta cap traducció.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Continguts amb traduccions pendents</caption>
            <TableHead columns={["Contingut", "Element", "Falta en castellà", "Falta en anglès"]} />
            <tbody>
              {items.map((item) => (
                <tr key={`${item.kind}-${item.id}`} className="border-b border-ink/5 align-top">
                  <td className="p-3 whitespace-nowrap">{item.kind}</td>
                  <td className="p-3">
                    <Link to={item.screen} className="font-semibold text-brand-dark underline underline-offset-4">
                      {item.name}
                    </Link>
                  </td>
                  {TRANSLATED_LOCALES.map((l) => (
                    <td key={l} className="p-3">
                      {item.missing[l].length > 0 ? item.missing[l].join(", ") : "—"}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
