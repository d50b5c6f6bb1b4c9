import { PenLineIcon } from "lucide-react";
import { useRef, useState } from "react";
import { buttonVariants } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { cn } from "~/lib/utils";
import { REFLECTION_ACTION, ReflectionForm } from "./reflection-form";

/** The reflection dialog. Without JavaScript its button is a link to a page with the form. */
export function ReflectionDialog({ label = "Escriu una reflexió", className }: { label?: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);
  return (
    <>
      <a
        ref={trigger}
        href={REFLECTION_ACTION}
        className={cn(buttonVariants({ variant: "outline" }), className)}
        aria-haspopup="dialog"
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        <PenLineIcon aria-hidden="true" />
        {label}
      </a>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            trigger.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>Escriu una reflexió</DialogTitle>
            <DialogDescription>Explica'ns què en penses. El nom i el correu són opcionals.</DialogDescription>
          </DialogHeader>
          <ReflectionForm onSent={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
    </>
  );
}
