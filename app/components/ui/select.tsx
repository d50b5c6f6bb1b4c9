import type * as React from "react";
import { cn } from "~/lib/utils";

/** An option: a value that is its own label, or a value and its label. */
export type SelectOption = string | readonly [value: string, label: string];

/** [value, label] for each value, in the values' order. */
export const labelled = <V extends string>(values: readonly V[], labels: Record<V, string>) => values.map((v) => [v, labels[v]] as const);

/** A native select: works without JavaScript, with the keyboard and on every phone. Its options
 * are `options` (after `none`, a first option with no value: "Tots", "Sense categoria"), or the
 * children. */
function Select({
  className,
  options,
  none,
  children,
  ...props
}: React.ComponentProps<"select"> & { options?: readonly SelectOption[]; none?: string }) {
  return (
    <select
      data-slot="select"
      className={cn(
        "flex h-10 w-full rounded-md border border-ink/30 bg-white px-3 py-2 text-base text-ink shadow-xs outline-none focus-visible:border-brand focus-visible:ring-[3px] focus-visible:ring-brand/30 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-700 md:text-sm",
        className,
      )}
      {...props}
    >
      {none !== undefined && <option value="">{none}</option>}
      {options?.map((o) => {
        const [value, label] = typeof o === "string" ? [o, o] : o;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
      {children}
    </select>
  );
}

export { Select };
