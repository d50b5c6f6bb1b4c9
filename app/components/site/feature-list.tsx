import type { LucideIcon } from "lucide-react";
import { cn } from "~/lib/utils";

export interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** Three cards in a row (one a row on a phone): an icon, a title and a sentence each. */
export function FeatureList({ items, className }: { items: Feature[]; className?: string }) {
  return (
    <ul className={cn("grid gap-4 md:grid-cols-3", className)}>
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-card border border-ink/10 bg-white p-6 shadow-sm">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-soft">
            <Icon aria-hidden="true" className="size-6 text-brand-dark" />
          </span>
          <h3 className="mt-4 text-lg font-bold">{title}</h3>
          <p className="mt-1 text-ink/85">{text}</p>
        </li>
      ))}
    </ul>
  );
}
