import { X } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Input } from "~/components/ui/input";

/** One choice of a MultiPick: its value, its label and the group it is listed under. */
export interface PickOption {
  value: string;
  label: string;
  group?: string;
}

/** How many matching options the list shows at once (type to narrow it). */
const SHOWN = 60;

/** A dialog's choice of many among many (a result's municipalities, segments, contributions): the
 * chosen ones as removable chips, a search box and the matching options as checkboxes. The value is
 * sent as `name` from one hidden field, one value per line (a form's field is read once). */
export function MultiPick({
  name,
  label,
  options,
  defaultValue,
  error,
  hint,
}: {
  name: string;
  label: string;
  options: readonly PickOption[];
  defaultValue: readonly string[];
  error?: string;
  hint?: string;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<string[]>([...defaultValue]);
  const [query, setQuery] = useState("");
  const byValue = useMemo(() => new Map(options.map((o) => [o.value, o])), [options]);
  const words = query.trim().toLocaleLowerCase("ca");
  const matching = options.filter((o) => !words || `${o.label} ${o.group ?? ""}`.toLocaleLowerCase("ca").includes(words));
  const toggle = (value: string, on: boolean) => setChosen((c) => (on ? [...c, value] : c.filter((v) => v !== value)));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-chosen${hint ? ` ${id}-hint` : ""}${error ? ` ${id}-error` : ""}`}>
      <legend className="mb-2 text-sm leading-none font-medium">{label}</legend>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-ink/75">
          {hint}
        </p>
      )}
      <div className="flex flex-col gap-2">
        <input type="hidden" name={name} value={chosen.join("\n")} />
        <p id={`${id}-chosen`} className="text-sm text-ink/80">
          {chosen.length === 0 ? "Cap element triat." : `${chosen.length} triats:`}
        </p>
        {chosen.length > 0 && (
          <ul className="flex flex-wrap gap-1">
            {chosen.map((v) => (
              <li key={v}>
                <button
                  type="button"
                  className="inline-flex items-center gap-1 rounded-full border border-ink/30 bg-white px-2 py-0.5 text-xs"
                  onClick={() => toggle(v, false)}
                  aria-label={`Treu ${byValue.get(v)?.label ?? v}`}
                >
                  {byValue.get(v)?.label ?? v} <X className="size-3" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <Input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Cerca per nom…"
          aria-label={`Cerca: ${label}`}
        />
        <ul className="max-h-48 overflow-y-auto rounded-md border border-ink/20 p-2 text-sm">
          {matching.slice(0, SHOWN).map((o) => (
            <li key={o.value}>
              <label className="flex items-start gap-2 py-0.5">
                <input type="checkbox" checked={chosen.includes(o.value)} onChange={(e) => toggle(o.value, e.target.checked)} />
                <span>
                  {o.label}
                  {o.group && <span className="text-ink/70"> · {o.group}</span>}
                </span>
              </label>
            </li>
          ))}
          {matching.length > SHOWN && <li className="text-ink/70">… i {matching.length - SHOWN} més: escriu per trobar-los.</li>}
          {matching.length === 0 && <li className="text-ink/70">Cap coincidència.</li>}
        </ul>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
