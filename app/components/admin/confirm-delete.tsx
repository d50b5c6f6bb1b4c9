import { Trash2, type LucideIcon } from "lucide-react";
import type { ComponentProps, ReactElement, ReactNode } from "react";
import { useRowAction } from "~/components/admin/admin-ui";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";

/** The body of every in-page confirmation: its title, the question, Cancel·la and the confirming
 * button, named `verb`, that calls `onConfirm`. Any other prop goes to the dialog's content. */
export function ConfirmContent({
  title,
  question,
  verb,
  onConfirm,
  ...content
}: { title: string; question: ReactNode; verb: string; onConfirm: () => void } & ComponentProps<typeof AlertDialogContent>) {
  return (
    <AlertDialogContent {...content}>
      <AlertDialogHeader>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{question}</AlertDialogDescription>
      </AlertDialogHeader>
      <AlertDialogFooter>
        <AlertDialogCancel>Cancel·la</AlertDialogCancel>
        <AlertDialogAction onClick={onConfirm}>{verb}</AlertDialogAction>
      </AlertDialogFooter>
    </AlertDialogContent>
  );
}

/** An in-page confirmation: `trigger` (a button) opens an alert dialog that traps focus and gives
 * it back to the trigger when cancelled; the confirming button, named `verb`, calls `onConfirm`. */
export function ConfirmDialog({
  trigger,
  title,
  question,
  verb,
  onConfirm,
}: {
  trigger: ReactElement;
  title: string;
  question: ReactNode;
  verb: string;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <ConfirmContent title={title} question={question} verb={verb} onConfirm={onConfirm} />
    </AlertDialog>
  );
}

/** A row action that cannot be taken back in one click (delete, reject) and its in-page
 * confirmation: an alert dialog that traps focus and gives it back to the button when cancelled.
 * The button is an outline one, quieter than the row's main action; confirming posts `fields`
 * on the row-action fetcher, whose toast the admin shell shows. */
export function ConfirmRowAction({
  fields,
  verb,
  label,
  question,
  title,
  icon: Icon,
}: {
  fields: Record<string, string>;
  /** The button's text and the confirming button's ("Elimina"). */
  verb: string;
  /** The button's accessible name, naming what it acts on ("Elimina <name>"). */
  label: string;
  question: string;
  title: string;
  icon: LucideIcon;
}) {
  const fetcher = useRowAction();
  return (
    <ConfirmDialog
      trigger={
        <Button
          size="sm"
          variant="outline"
          className="border-red-700/40 text-red-800 hover:bg-red-50"
          aria-label={label}
          disabled={fetcher.state !== "idle"}
        >
          <Icon aria-hidden="true" /> {verb}
        </Button>
      }
      title={title}
      question={question}
      verb={verb}
      onConfirm={() => void fetcher.submit(fields, { method: "post" })}
    />
  );
}

/** The delete button of a row and its in-page confirmation (the spec's wording per entity). */
export function ConfirmDelete({
  id,
  name,
  question,
  title = "Confirmar eliminació",
}: {
  id: string;
  /** What is deleted, for the button's accessible name ("Elimina <name>"). */
  name: string;
  question: string;
  title?: string;
}) {
  return (
    <ConfirmRowAction
      fields={{ intent: "delete", id }}
      verb="Elimina"
      label={`Elimina ${name}`}
      question={question}
      title={title}
      icon={Trash2}
    />
  );
}
