import { useEffect, useRef } from "react";
import { Link, useActionData, useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/coding";
import { EmptyState, PageTitle, Panel, useAdminFetcher } from "~/components/admin/admin-ui";
import { ListControls, Pager, type ListFilter } from "~/components/admin/list-controls";
import { AnswerStateBadge } from "~/components/answer-state-badge";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { labelled } from "~/components/ui/select";
import { codedTypes } from "~/domain/contributions";
import { categories, categoryLabels, type Category } from "~/domain/themes";
import { adminPaths } from "~/lib/admin-paths";
import { NONE } from "~/lib/analysis";
import { contributionLabels } from "~/lib/contributions";
import { formatNumber } from "~/i18n/locales";

export { loader, action } from "./coding.server";

type Data = Route.ComponentProps["loaderData"];
type Current = NonNullable<Data["current"]>;

const ITEM_PARAM = "aportacio";
const FILTER_PARAMS = ["q", "des-de", "fins-a", "tipus", "ambit", "municipi", "codi", "sense-codi"] as const;
const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${formatNumber(n)} ${many}`);
const STATUS: Record<string, string> = { pending: "Pendent de moderació", hidden: "Amagada", private: "Privada" };

/** The address of this screen with the same filters, on another contribution (or none). */
function useItemHref() {
  const { search } = useLocation();
  return (key: string | null) => {
    const params = new URLSearchParams(search);
    if (key) params.set(ITEM_PARAM, key);
    else params.delete(ITEM_PARAM);
    const s = params.toString();
    return `${adminPaths.adminCoding}${s ? `?${s}` : ""}`;
  };
}

/** The coding screen (issue 32, decision 065). */
export default function Coding({ loaderData }: Route.ComponentProps) {
  const { query, matching, page, pages, codes, left, current, missing, firstUncoded, municipalities } = loaderData;
  const result = useActionData<{ ok: boolean; message?: string; error?: string }>();
  const href = useItemHref();
  const filters: ListFilter[] = [
    { name: "tipus", label: "Tipus", options: labelled(codedTypes, contributionLabels) },
    { name: "ambit", label: "Àmbit (testimonis)", options: [...labelled(categories, categoryLabels), [NONE, "Sense àmbit"] as const] },
    {
      name: "municipi",
      label: "Municipi",
      options: [...municipalities.map((m) => [m, m] as const), [NONE, "Sense municipi"] as const],
    },
    { name: "codi", label: "Codi", options: codes.map((c) => [c.id, c.name] as const) },
    { name: "sense-codi", label: "Sense codificar", kind: "flag" },
  ];
  return (
    <>
      <PageTitle title="Codificació">
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={adminPaths.adminQuestionnaire}>Importa el qüestionari</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={adminPaths.adminCodebook}>Llibre de codis</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={adminPaths.adminAnalysis}>Anàlisi</Link>
          </Button>
        </div>
      </PageTitle>
      <p className="-mt-4 mb-4 max-w-3xl text-sm text-ink/80">
        Digues de què tracta cada aportació amb els codis del llibre de codis. Són notes de treball: no surten mai a la web.
      </p>
      <p role="status" className="mb-4 font-semibold">
        {left === 0 ? "Totes les aportacions tenen algun codi." : `Queden ${plural(left, "aportació", "aportacions")} sense codificar.`}{" "}
        {firstUncoded && !current && (
          <Link className="underline" to={href(firstUncoded)}>
            Comença per la primera sense codificar
          </Link>
        )}
      </p>
      {result && (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "mb-4" : "mb-4 font-semibold text-red-700"}>
          {result.ok ? result.message : result.error}
        </p>
      )}
      {missing && (
        <p role="alert" className="mb-4 font-semibold text-red-700">
          Aquesta aportació ja no existeix.
        </p>
      )}
      {current && <CodingPanel key={current.key} item={current} codes={codes} municipalities={municipalities} href={href} />}
      <div className="mt-6">
        <ListControls id="coding" query={query} searchLabel="Cerca al text de l'aportació" filters={filters} />
      </div>
      <BulkForm data={loaderData} href={href} />
      <Pager list={{ page, pages }} label="Pàgines" />
      <p className="sr-only">{plural(matching, "aportació", "aportacions")}</p>
    </>
  );
}

function CodingPanel({
  item,
  codes,
  municipalities,
  href,
}: {
  item: Current;
  codes: Data["codes"];
  municipalities: readonly string[];
  href: (key: string | null) => string;
}) {
  const fetcher = useAdminFetcher();
  const navigate = useNavigate();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const on = new Set(item.codes.map((c) => c.id));
  // Retired codes still on it: shown, and can be taken off.
  const retired = item.codes.filter((c) => !c.isActive);
  const offered = [...codes.map((c) => ({ ...c, isActive: true })), ...retired];

  // 1-9 toggle the codes, J the next one, K the previous, N the next without a code (not while typing).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.isContentEditable) return;
      const to = { j: item.next, k: item.prev, n: item.nextUncoded }[e.key.toLowerCase()];
      if (/^[1-9]$/.test(e.key)) {
        const button = buttons.current[Number(e.key) - 1];
        if (button) {
          e.preventDefault();
          button.click();
        }
      } else if (to) {
        e.preventDefault();
        void navigate(href(to));
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [item, href, navigate]);

  return (
    <Panel title={`${contributionLabels[item.type]} del ${item.dateLabel}`} className="mb-6">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {STATUS[item.status] && <Badge variant="secondary">{STATUS[item.status]}</Badge>}
        {item.theme && <Badge variant="soft">Àmbit: {categoryLabels[item.theme as Category]}</Badge>}
        {item.municipality && <Badge variant="outline">Municipi: {item.municipality}</Badge>}
      </div>
      <p data-testid="coding-text" className="mt-3 text-lg break-words whitespace-pre-line">
        {item.text}
      </p>
      {item.audioUrl && (
        <audio controls preload="none" src={item.audioUrl} aria-label={`Àudio: ${item.text}`} className="mt-2 h-10 w-full max-w-md">
          El teu navegador no suporta la reproducció d'àudio.
        </audio>
      )}
      {item.answer && (
        <div className="mt-3 rounded border-l-4 border-brand bg-surface p-3 text-sm">
          <p className="font-semibold">Resposta de l'Ajuntament (esborrany o publicada)</p>
          <p className="whitespace-pre-line">{item.answer}</p>
        </div>
      )}
      <fetcher.Form method="post" className="mt-4" aria-label="Codis d'aquesta aportació">
        <input type="hidden" name="intent" value="toggle" />
        <input type="hidden" name="item" value={item.key} />
        <p className="mb-2 text-sm font-semibold">Codis (les tecles 1-9 els posen o els treuen)</p>
        <div className="flex flex-wrap gap-2">
          {offered.map((c, i) => {
            const pressed = on.has(c.id);
            return (
              <button
                key={c.id}
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                type="submit"
                name="codeId"
                value={c.id}
                aria-pressed={pressed}
                aria-keyshortcuts={i < 9 ? String(i + 1) : undefined}
                disabled={fetcher.state !== "idle"}
                className={
                  pressed
                    ? "inline-flex min-h-10 items-center gap-2 rounded-full px-3 text-sm font-semibold text-white ring-2 ring-ink ring-offset-2"
                    : "inline-flex min-h-10 items-center gap-2 rounded-full border-2 bg-white px-3 text-sm font-semibold"
                }
                style={pressed ? { backgroundColor: c.colour } : { borderColor: c.colour }}
              >
                {i < 9 && <kbd className="rounded border border-current px-1 text-xs">{i + 1}</kbd>}
                {c.name}
                <span className="sr-only">{pressed ? " (posat)" : ""}</span>
                {pressed && <span aria-hidden="true">✓</span>}
              </button>
            );
          })}
        </div>
      </fetcher.Form>
      <MunicipalityForm item={item} municipalities={municipalities} />
      {item.suggested.length > 0 && (
        <div className="mt-4">
          <p className="mb-2 text-sm font-semibold">Suggeriments per paraula clau (no s'apliquen sols)</p>
          <ul className="flex flex-col gap-2">
            {item.suggested.map((c) => (
              <Suggestion key={c.id} item={item.key} code={c} />
            ))}
          </ul>
        </div>
      )}
      <nav aria-label="Aportacions" className="mt-4 flex flex-wrap gap-2">
        <NavLink to={item.prev && href(item.prev)} shortcut="K">
          ← Anterior
        </NavLink>
        <NavLink to={item.next && href(item.next)} shortcut="J">
          Següent →
        </NavLink>
        <NavLink to={item.nextUncoded && href(item.nextUncoded)} shortcut="N">
          Següent sense codificar
        </NavLink>
        <Button asChild variant="ghost" size="sm">
          <Link to={href(null)}>Tanca</Link>
        </Button>
      </nav>
    </Panel>
  );
}

/** Staff set or correct where the contribution is about (issue 32): any kind, audit-logged. */
function MunicipalityForm({ item, municipalities }: { item: Current; municipalities: readonly string[] }) {
  const fetcher = useAdminFetcher();
  return (
    <fetcher.Form method="post" className="mt-4 flex flex-wrap items-end gap-2" aria-label="Municipi d'aquesta aportació">
      <input type="hidden" name="intent" value="municipality" />
      <input type="hidden" name="item" value={item.key} />
      <div className="flex flex-col gap-1">
        <label htmlFor="coding-municipality" className="text-sm font-semibold">
          Municipi
        </label>
        <select
          id="coding-municipality"
          name="municipality"
          defaultValue={item.municipality ?? ""}
          className="h-10 rounded-md border bg-white px-2"
        >
          <option value="">Sense municipi</option>
          {municipalities.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline" size="sm" className="h-10" disabled={fetcher.state !== "idle"}>
        Desa el municipi
      </Button>
    </fetcher.Form>
  );
}

function Suggestion({ item, code }: { item: string; code: { id: string; name: string; colour: string } }) {
  const fetcher = useAdminFetcher();
  return (
    <li className="flex flex-wrap items-center gap-2">
      <AnswerStateBadge label={code.name} colour={code.colour} />
      <fetcher.Form method="post" className="flex gap-2">
        <input type="hidden" name="item" value={item} />
        <input type="hidden" name="codeId" value={code.id} />
        <Button type="submit" name="intent" value="accept" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
          Accepta<span className="sr-only"> el suggeriment «{code.name}»</span>
        </Button>
        <Button type="submit" name="intent" value="reject" size="sm" variant="ghost" disabled={fetcher.state !== "idle"}>
          Rebutja<span className="sr-only"> el suggeriment «{code.name}»</span>
        </Button>
      </fetcher.Form>
    </li>
  );
}

function NavLink({ to, shortcut, children }: { to: string | null; shortcut: string; children: React.ReactNode }) {
  const inner = (
    <>
      {children} <kbd className="rounded border px-1 text-xs">{shortcut}</kbd>
    </>
  );
  if (!to)
    return (
      <span className="inline-flex h-9 items-center rounded-md border px-3 text-sm text-ink/60" aria-disabled="true">
        {inner}
      </span>
    );
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={to} aria-keyshortcuts={shortcut}>
        {inner}
      </Link>
    </Button>
  );
}

function BulkForm({ data, href }: { data: Data; href: (key: string | null) => string }) {
  const { items, codes, matching, query } = data;
  const fetcher = useAdminFetcher();
  const filterValues: [string, string][] = FILTER_PARAMS.flatMap((p) => {
    const v = p === "q" ? query.q : p === "des-de" ? query.from : p === "fins-a" ? query.to : (query.filters as Record<string, string>)[p];
    return v ? [[p, v] as [string, string]] : [];
  });
  if (items.length === 0)
    return (
      <div className="mt-4">
        <EmptyState>No hi ha cap aportació amb aquests filtres.</EmptyState>
      </div>
    );
  return (
    <fetcher.Form method="post" className="mt-4" aria-label="Codifica en bloc">
      <input type="hidden" name="intent" value="bulk" />
      {filterValues.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <fieldset className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm">
        <legend className="sr-only">Codifica en bloc</legend>
        <div className="flex flex-col gap-1">
          <label htmlFor="bulk-op" className="text-sm font-semibold">
            Acció
          </label>
          <select id="bulk-op" name="op" className="h-10 rounded-md border bg-white px-2">
            <option value="add">Afegeix el codi</option>
            <option value="remove">Treu el codi</option>
            <option value="accept">Accepta els suggeriments del codi</option>
            <option value="reject">Rebutja els suggeriments del codi</option>
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="bulk-code" className="text-sm font-semibold">
            Codi
          </label>
          <select id="bulk-code" name="codeId" className="h-10 rounded-md border bg-white px-2">
            {codes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.group}: {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="bulk-scope" className="text-sm font-semibold">
            A quines
          </label>
          <select id="bulk-scope" name="scope" className="h-10 rounded-md border bg-white px-2">
            <option value="selected">Les marcades</option>
            <option value="all">Totes les filtrades ({formatNumber(matching)})</option>
          </select>
        </div>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Aplica
        </Button>
        <p className="w-full text-sm font-semibold">{plural(matching, "aportació", "aportacions")} amb aquests filtres</p>
      </fieldset>
      <ul className="mt-4 flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.key} className="flex gap-3 rounded-lg bg-white p-4 shadow-sm">
            <input
              id={`sel-${item.key}`}
              type="checkbox"
              name={`sel:${item.key}`}
              value="1"
              className="mt-1 size-5 shrink-0 accent-brand"
              aria-label={`Marca: ${item.text.slice(0, 80)}`}
            />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-bold">{contributionLabels[item.type]}</span>
                <span className="text-ink/80">{item.dateLabel}</span>
                {STATUS[item.status] && <Badge variant="secondary">{STATUS[item.status]}</Badge>}
                {item.theme && <Badge variant="soft">{categoryLabels[item.theme as Category]}</Badge>}
                {item.municipality && <Badge variant="outline">{item.municipality}</Badge>}
              </div>
              <p className="mt-1 line-clamp-3 break-words">{item.text}</p>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                {item.codes.length === 0 ? (
                  <Badge variant="outline">Sense codificar</Badge>
                ) : (
                  item.codes.map((c) => <AnswerStateBadge key={c.id} label={c.name} colour={c.colour} />)
                )}
                {item.suggested.map((c) => (
                  <Badge key={c.id} variant="outline">
                    Suggerit: {c.name}
                  </Badge>
                ))}
                <Link className="ml-auto text-sm font-semibold underline" to={href(item.key)}>
                  Codifica<span className="sr-only"> aquesta aportació</span>
                </Link>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </fetcher.Form>
  );
}
