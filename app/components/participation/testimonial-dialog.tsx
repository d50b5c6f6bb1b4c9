import { MicIcon } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { buttonVariants } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/utils";
import { TESTIMONIAL_ACTION } from "./testimonial-upload-form";

const TestimonialRecorder = lazy(() => import("./testimonial-recorder"));

/** 'Envia el teu testimoni': the recording dialog (loaded when opened). Without JavaScript the
 * button is a link to the upload page. */
export function TestimonialDialog({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);
  return (
    <>
      <a
        ref={trigger}
        href={TESTIMONIAL_ACTION}
        className={cn(buttonVariants({ size: "lg" }), className)}
        aria-haspopup="dialog"
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        <MicIcon aria-hidden="true" />
        Envia el teu testimoni
      </a>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            trigger.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>Envia el teu testimoni</DialogTitle>
            <DialogDescription>
              Grava un missatge de veu d'1 minut com a màxim, o puja un fitxer. L'equip el revisarà abans de publicar-lo.
            </DialogDescription>
          </DialogHeader>
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <TestimonialRecorder onSent={() => setOpen(false)} />
          </Suspense>
        </DialogContent>
      </Dialog>
    </>
  );
}
