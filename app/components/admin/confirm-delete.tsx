import { Trash2 } from "lucide-react";
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

/** The delete button of a row and its in-page confirmation (the spec's wording per entity): an
 * alert dialog that traps focus and gives it back to the button when cancelled. Confirming posts
 * intent=delete on the row-action fetcher, whose toast the admin shell shows. */
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
  const fetcher = useRowAction();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="destructive" aria-label={`Elimina ${name}`} disabled={fetcher.state !== "idle"}>
          <Trash2 aria-hidden="true" /> Elimina
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{question}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel·la</AlertDialogCancel>
          <AlertDialogAction onClick={() => fetcher.submit({ intent: "delete", id }, { method: "post" })}>Elimina</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
