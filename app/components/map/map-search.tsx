import { SearchIcon } from "lucide-react";
import { useId, useMemo, useRef, useState } from "react";
import { placeOptions, searchPlaces, type PlaceOption } from "~/domain/map-places";
import type { PublicMapLayer } from "~/domain/map";
import { useT } from "~/i18n/react";
import { cn } from "~/lib/utils";

/** Find a municipality or a segment of the network and centre the map on it (issue 27, item 11).
 * An ARIA 1.2 combobox with a list: type, move with the arrows, Enter (or a click) chooses, Escape
 * closes the list, then empties the box. The focus stays in the box; a status line says where the
 * map went. */
export function MapSearch({
  layers,
  onChoose,
  className,
}: {
  layers: Pick<PublicMapLayer, "name" | "segments">[];
  onChoose: (option: PlaceOption) => void;
  className?: string;
}) {
  const id = useId();
  const t = useT();
  const options = useMemo(() => placeOptions(t, layers), [t, layers]);
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [said, setSaid] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const found = useMemo(() => searchPlaces(options, query), [options, query]);
  const shown = open && query.trim() !== "";

  const choose = (o: PlaceOption) => {
    setQuery(o.name);
    setOpen(false);
    setActive(-1);
    setSaid(t(o.kind === "municipality" ? "public.map.search.centredTown" : "public.map.search.centredSegment", { name: o.name }));
    onChoose(o);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!shown) setOpen(true);
      if (found.length === 0) return;
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((a) => (a < 0 ? (step > 0 ? 0 : found.length - 1) : (a + step + found.length) % found.length));
    } else if (e.key === "Enter") {
      if (!shown || found.length === 0) return;
      e.preventDefault();
      choose(found[active >= 0 ? active : 0]!);
    } else if (e.key === "Escape") {
      if (shown) setOpen(false);
      else setQuery("");
      setActive(-1);
    }
  };

  return (
    <div className={cn("relative", className)}>
      <label htmlFor={`${id}-input`} className="sr-only">
        {t("public.map.search.label")}
      </label>
      <div className="relative">
        <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink/70" />
        <input
          ref={input}
          id={`${id}-input`}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={`${id}-list`}
          aria-activedescendant={shown && active >= 0 && found[active] ? `${id}-${found[active]!.id}` : undefined}
          placeholder={t("public.map.search.label")}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className="h-11 w-full rounded-md border border-ink/30 bg-white pr-3 pl-9 text-base shadow-sm focus-visible:border-ink focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-ink"
        />
      </div>
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={t("public.map.search.options")}
        hidden={!shown}
        className="absolute inset-x-0 top-full z-[1100] mt-1 max-h-72 overflow-y-auto rounded-md border border-ink/20 bg-white py-1 shadow-lg"
      >
        {found.length === 0 ? (
          <li role="option" aria-selected="false" aria-disabled="true" className="px-3 py-2 text-sm text-ink/80">
            {t("public.map.search.none")}
          </li>
        ) : (
          found.map((o, i) => (
            <li
              key={o.id}
              id={`${id}-${o.id}`}
              role="option"
              aria-selected={i === active}
              // The input keeps the focus: a press on an option must not blur it first.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(o)}
              onMouseMove={() => i !== active && setActive(i)}
              className={cn("flex min-h-11 cursor-pointer flex-col justify-center px-3 py-1.5", i === active && "bg-brand-soft")}
            >
              <span className="font-semibold">{o.name}</span>
              <span className="text-sm text-ink/80">{o.detail}</span>
            </li>
          ))
        )}
      </ul>
      <p id={`${id}-status`} role="status" className="sr-only">
        {shown ? t("public.map.search.results", { n: found.length }) : said}
      </p>
    </div>
  );
}
