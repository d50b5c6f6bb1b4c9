import { Download } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { FiltersSheet } from "~/components/admin/filters-sheet";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { exportHref, LIST_PARAMS, withParams, type ExportFormat, type ListPage, type ListQuery } from "~/lib/admin-list";
import { formatNumber } from "~/i18n/locales";

// The controls of every admin list (decision 036): a GET form (search, dates, theme, the list's own
// filters, order), what is shown, the pages and the exports. Everything lives in the URL, so a
// list can be reloaded, shared, and exported as it is, with or without JavaScript.

const DIRECTIONS = [
  ["desc", "Descendent"],
  ["asc", "Ascendent"],
] as const;

export interface ListFilter {
  /** The parameter (a filter of the list's shape: ListSpec.filters on the server, QUEUE_SHAPE…). */
  name: string;
  label: string;
  /** A choice among options (the default), a yes/no checkbox (`=1`), or free text. */
  kind?: "select" | "flag" | "text";
  options?: readonly (readonly [value: string, label: string])[];
  /** Chosen elsewhere on the screen (tabs, the path): the form keeps its value without a field. */
  hidden?: boolean;
}

export interface ListControlsProps {
  /** A prefix for the fields' ids. */
  id: string;
  query: ListQuery;
  /** The search field's label; none for a list without search. */
  searchLabel?: string;
  /** Whether the list filters by days (des-de, fins-a). */
  dates?: boolean;
  /** The sort keys the list declares ("data" first); none for a list in one order. */
  sorts?: readonly (readonly [key: string, label: string])[];
  filters?: readonly ListFilter[];
}

/** One filter's field. */
function FilterField({ id, filter, value }: { id: string; filter: ListFilter; value: string | undefined }) {
  const fieldId = `${id}-${filter.name}`;
  if (filter.kind === "flag")
    return (
      <label className="flex items-center gap-2 self-end pb-2 text-sm font-semibold">
        <input id={fieldId} type="checkbox" name={filter.name} value="1" defaultChecked={value === "1"} className="size-5 accent-brand" />
        {filter.label}
      </label>
    );
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={fieldId}>{filter.label}</Label>
      {filter.kind === "text" ? (
        <Input id={fieldId} type="search" name={filter.name} defaultValue={value ?? ""} autoComplete="off" />
      ) : (
        <Select id={fieldId} name={filter.name} defaultValue={value ?? ""} none="Tots" options={filter.options ?? []} />
      )}
    </div>
  );
}

/** The filters sheet of every list (the admin lists, the moderation queue, the audit log): one GET
 * form in the one query dialect (decision 056). */
export function ListControls({ id, query, searchLabel, dates = true, sorts = [], filters = [] }: ListControlsProps) {
  // The fields show the URL's query: a new address (the back button, a pager link) remounts them,
  // or they would keep what was typed for another page.
  const { search } = useLocation();
  const shown = filters.filter((f) => !f.hidden);
  const kept = filters.filter((f) => f.hidden && query.filters[f.name]);
  // The filters in use (the order is not a filter).
  const active = [query.q, query.from, query.to, ...shown.map((f) => query.filters[f.name])].filter(Boolean).length;
  // Clearing the filters keeps what the screen chose elsewhere (a tab).
  const clear = `?${new URLSearchParams(kept.map((f) => [f.name, query.filters[f.name]!]))}`;
  return (
    <FiltersSheet active={active}>
      <Form
        key={search}
        method="get"
        role="search"
        className="mb-4 grid gap-3 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
      >
        {searchLabel && (
          <div className="flex flex-col gap-2 sm:col-span-2">
            <Label htmlFor={`${id}-q`}>{searchLabel}</Label>
            <Input id={`${id}-q`} type="search" name={LIST_PARAMS.q} defaultValue={query.q} autoComplete="off" />
          </div>
        )}
        {dates && (
          <>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-from`}>Des del dia</Label>
              <Input id={`${id}-from`} type="date" name={LIST_PARAMS.from} defaultValue={query.from ?? ""} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-to`}>Fins al dia</Label>
              <Input id={`${id}-to`} type="date" name={LIST_PARAMS.to} defaultValue={query.to ?? ""} />
            </div>
          </>
        )}
        {kept.map((f) => (
          <input key={f.name} type="hidden" name={f.name} value={query.filters[f.name]} />
        ))}
        {shown.map((f) => (
          <FilterField key={f.name} id={id} filter={f} value={query.filters[f.name]} />
        ))}
        {sorts.length > 0 && (
          <>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-sort`}>Ordena per</Label>
              <Select id={`${id}-sort`} name={LIST_PARAMS.sort} defaultValue={query.sort} options={sorts} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-dir`}>Ordre</Label>
              <Select id={`${id}-dir`} name={LIST_PARAMS.dir} defaultValue={query.dir} options={DIRECTIONS} />
            </div>
          </>
        )}
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
          <Button type="submit">Cerca</Button>
          <Button asChild variant="outline">
            <Link to={clear}>Neteja els filtres</Link>
          </Button>
        </div>
      </Form>
    </FiltersSheet>
  );
}

/** "Mostrant 51–100 de 1.234 reflexions (de 5.000 en total)". */
export function ListStatus({
  list,
  noun,
}: {
  list: Pick<ListPage<unknown>, "rows" | "matching" | "total" | "page" | "pageSize">;
  noun: string;
}) {
  const first = list.matching === 0 ? 0 : (list.page - 1) * list.pageSize + 1;
  const last = first === 0 ? 0 : first + list.rows.length - 1;
  const n = (x: number) => formatNumber(x);
  return (
    <p className="mb-4 text-sm" role="status">
      Mostrant {n(first)}–{n(last)} de {n(list.matching)} {noun}
      {list.matching !== list.total && ` (${n(list.total)} en total)`}
    </p>
  );
}

/** The pages: first, previous, "Pàgina N de M", next, last; each a link keeping the filters. */
export function Pager({ list, label }: { list: Pick<ListPage<unknown>, "page" | "pages">; label: string }) {
  const { search } = useLocation();
  if (list.pages <= 1) return null;
  const to = (page: number) => withParams(search, { [LIST_PARAMS.page]: String(page) });
  const { page, pages } = list;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-2 text-sm">
      {page > 1 && (
        <>
          <Button asChild variant="outline" size="sm">
            <Link to={to(1)}>Primera</Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={to(page - 1)} rel="prev">
              Anterior
            </Link>
          </Button>
        </>
      )}
      <span aria-current="page" className="px-2">
        Pàgina {formatNumber(page)} de {formatNumber(pages)}
      </span>
      {page < pages && (
        <>
          <Button asChild variant="outline" size="sm">
            <Link to={to(page + 1)} rel="next">
              Següent
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={to(pages)}>Última</Link>
          </Button>
        </>
      )}
    </nav>
  );
}

const FORMAT_LABELS: Record<ExportFormat, string> = { csv: "CSV", xlsx: "Excel", zip: "Àudios (ZIP)" };

/** Download links for the list's export, with the list's current filters (not its page). */
export function ExportLinks({
  name,
  what,
  formats = ["csv", "xlsx"],
  search: given,
}: {
  name: string;
  what: string;
  formats?: ExportFormat[];
  /** The export's filters, when they are not the screen's address as it is (the queue names its status). */
  search?: string;
}) {
  const location = useLocation();
  const search = given ?? location.search;
  return (
    <div className="flex flex-wrap gap-2">
      {formats.map((format) => (
        <Button key={format} asChild variant="outline" size="sm">
          <a href={exportHref(name, format, search)} download>
            <Download aria-hidden="true" />
            <span className="sr-only">Exporta {what} en </span>
            {FORMAT_LABELS[format]}
          </a>
        </Button>
      ))}
    </div>
  );
}
