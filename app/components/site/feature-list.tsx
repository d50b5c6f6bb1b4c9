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
        <li key={title} className="rounded-lg border border-ink/10 p-5 shadow-sm">
          <Icon aria-hidden="true" className="size-8 text-brand" />
          <h3 className="mt-3 text-lg font-bold">{title}</h3>
          <p className="mt-1 text-ink/85">{text}</p>
        </li>
      ))}
    </ul>
  );
}
