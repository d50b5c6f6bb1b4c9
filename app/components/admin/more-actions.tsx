import { Ellipsis, Trash2 } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useRef, useState } from "react";
import { ConfirmContent } from "~/components/admin/confirm-delete";
import { AlertDialog } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { DELETE_TEXTS } from "~/lib/moderation";

/** "Més accions" of a contribution in the moderation queue (decision 051): a quiet menu for what
 * cannot be undone. Deleting is offered only once the contribution is hidden (until then the item
 * says why it is off), and is confirmed in an alert dialog whose solid red button is the only red
 * on the screen. Focus goes back to the menu's button when the dialog closes. */
export function MoreActions({
  label,
  question,
  canDelete,
  busy,
  onDelete,
}: {
  /** The menu button's accessible name ("Més accions: aquesta reflexió"). */
  label: string;
  /** The confirmation's question, naming what goes. */
  question: string;
  /** Whether what it acts on is hidden (the only status a delete fits). */
  canDelete: boolean;
  busy: boolean;
  onDelete: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button ref={trigger} size="sm" variant="ghost" disabled={busy} aria-label={label} title="Més accions">
            <Ellipsis aria-hidden="true" />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={4}
            className="z-50 w-64 rounded-md border border-ink/15 bg-white p-1 text-ink shadow-lg"
          >
            <DropdownMenu.Item
              disabled={!canDelete}
              onSelect={() => setConfirming(true)}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm font-semibold text-red-800 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:text-ink/75 data-[highlighted]:bg-red-50 sm:min-h-9"
            >
              <Trash2 aria-hidden="true" className="size-4 shrink-0" /> Elimina definitivament…
            </DropdownMenu.Item>
            {!canDelete && <p className="px-3 pb-2 text-xs text-ink/80">{DELETE_TEXTS.notHidden}</p>}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <ConfirmContent
          title="Confirmar eliminació"
          question={question}
          verb="Elimina"
          onConfirm={onDelete}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            trigger.current?.focus();
          }}
        />
      </AlertDialog>
    </>
  );
}
