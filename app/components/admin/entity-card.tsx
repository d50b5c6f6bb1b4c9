import { Pencil, Plus } from "lucide-react";
import { useState, type ComponentType, type ReactNode } from "react";
import { ActiveToggle, EmptyState, PageTitle } from "~/components/admin/admin-ui";
import { dialogKey, type Editing } from "~/components/admin/edit-dialog";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** What a card shows of its row (the list gives the id and the edit action). */
export interface CardProps {
  title: string;
  media?: ReactNode;
  badges?: ReactNode;
  children?: ReactNode;
  /** The row's state, shown as the active switch (and the media dimmed when off: only the media,
   * so the texts keep their contrast). */
  active?: boolean;
  actions?: ReactNode;
  /** The confirmation's texts; no delete button without them. */
  remove?: { question: string; title?: string };
  heading?: "h2" | "h3";
  className?: string;
}

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
}: CardProps & {
  id: string;
  onEdit?: () => void;
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

/** Which dialog of a list is open: none, a new row's, or a row's. The dialog is keyed by it, so it
 * starts from the row it edits each time it opens. */
export function useEditing<Row extends { id: string }>() {
  const [editing, setEditing] = useState<Editing<Row>>(null);
  return {
    create: () => setEditing("new"),
    edit: (row: Row) => setEditing(row),
    /** The dialog's key and props: `<Dialog key={key} {...dialog} />`. */
    key: dialogKey(editing),
    dialog: { editing, onClose: () => setEditing(null) } satisfies EntityDialogProps<Row>,
  };
}

/** What a list's create/edit dialog is given. */
export interface EntityDialogProps<Row> {
  editing: Editing<Row>;
  onClose: () => void;
}

/** The button that opens a list's dialog on a new row. */
export function NewButton({ onClick, children, className }: { onClick: () => void; children: ReactNode; className?: string }) {
  return (
    <Button onClick={onClick} className={className}>
      <Plus aria-hidden="true" /> {children}
    </Button>
  );
}

/** The rows as cards, or the empty state. */
export function EntityList<Row extends { id: string }>({
  rows,
  empty,
  card,
  className,
}: {
  rows: readonly Row[];
  empty: ReactNode;
  card: (row: Row) => ReactNode;
  className?: string;
}) {
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  return <EntityGrid className={className}>{rows.map(card)}</EntityGrid>;
}

/** An admin screen that manages one kind of row: the title with its "new" button, an optional
 * introduction, the cards (or the empty state, which may carry the "new" button instead) and the
 * create/edit dialog. */
export function EntityScreen<Row extends { id: string }>({
  title,
  newLabel,
  intro,
  rows,
  empty,
  emptyNewLabel,
  gridClassName,
  card,
  dialog: Dialog,
}: {
  title: string;
  newLabel: string;
  intro?: ReactNode;
  rows: readonly Row[];
  empty: ReactNode;
  /** When set, an empty list shows this button under its text instead of the title's. */
  emptyNewLabel?: string;
  gridClassName?: string;
  /** What the row's card shows: its edit button opens the dialog on the row. */
  card: (row: Row) => CardProps;
  dialog: ComponentType<EntityDialogProps<Row>>;
}) {
  const { create, edit, key, dialog } = useEditing<Row>();
  const emptyWithButton = emptyNewLabel !== undefined && rows.length === 0;
  return (
    <>
      <PageTitle title={title}>{!emptyWithButton && <NewButton onClick={create}>{newLabel}</NewButton>}</PageTitle>
      {intro}
      <EntityList
        rows={rows}
        className={gridClassName}
        card={(row) => <EntityCard key={row.id} id={row.id} onEdit={() => edit(row)} {...card(row)} />}
        empty={
          emptyWithButton ? (
            <>
              <p>{empty}</p>
              <NewButton onClick={create} className="mt-4">
                {emptyNewLabel}
              </NewButton>
            </>
          ) : (
            empty
          )
        }
      />
      <Dialog key={key} {...dialog} />
    </>
  );
}
