import { Pencil } from "lucide-react";
import type { ReactNode } from "react";
import { ActiveToggle } from "~/components/admin/admin-ui";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** One row of an admin list as a card: media, badges, title, body, then the row's actions (the
 * active switch, edit, the screen's own, delete with its confirmation). */
export function EntityCard({
  id,
  title,
  media,
  badges,
  children,
  active,
  onEdit,
  actions,
  remove,
  heading: Heading = "h2",
  className,
}: {
  id: string;
  title: string;
  media?: ReactNode;
  badges?: ReactNode;
  children?: ReactNode;
  /** The row's state, shown as the active switch (and the media dimmed when off: only the media,
   * so the texts keep their contrast). */
  active?: boolean;
  onEdit?: () => void;
  actions?: ReactNode;
  /** The confirmation's texts; no delete button without them. */
  remove?: { question: string; title?: string };
  heading?: "h2" | "h3";
  className?: string;
}) {
  return (
    <li className={cn("flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm", className)}>
      {media && <div className={cn("flex flex-col", active === false && "opacity-60")}>{media}</div>}
      {badges && <div className="flex flex-wrap gap-2">{badges}</div>}
      <Heading className="font-bold">{title}</Heading>
      {children}
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
        {active !== undefined && <ActiveToggle id={id} active={active} label={`Actiu: ${title}`} />}
        {onEdit && (
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edita ${title}`}>
            <Pencil aria-hidden="true" /> Edita
          </Button>
        )}
        {actions}
        {remove && <ConfirmDelete id={id} name={title} question={remove.question} title={remove.title} />}
      </div>
    </li>
  );
}

/** The grid the cards stand in. */
export function EntityGrid({ children, className }: { children: ReactNode; className?: string }) {
  return <ul className={cn("grid gap-4 sm:grid-cols-2 lg:grid-cols-3", className)}>{children}</ul>;
}
