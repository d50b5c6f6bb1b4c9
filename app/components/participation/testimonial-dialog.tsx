import { MicIcon } from "lucide-react";
import { lazy, Suspense } from "react";
import { Skeleton } from "~/components/ui/skeleton";
import { paths } from "~/lib/routes";
import { useParticipation } from "~/lib/participation-state";
import { ClosedNotice, FormDialog } from "./shared";

const TestimonialRecorder = lazy(() => import("./testimonial-recorder"));

/** 'Envia el teu testimoni': the recording dialog (loaded when opened). Without JavaScript the
 * button is a link to the upload page. */
export function TestimonialDialog({ className }: { className?: string }) {
  const { open } = useParticipation();
  return (
    <FormDialog
      href={paths.testimonial}
      icon={<MicIcon aria-hidden="true" />}
      label="Envia el teu testimoni"
      size="lg"
      className={className}
      title="Envia el teu testimoni"
      description="Grava un missatge de veu d'1 minut com a màxim, o puja un fitxer. L'equip el revisarà abans de publicar-lo."
    >
      {!open ? (
        <ClosedNotice />
      ) : (
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <TestimonialRecorder />
        </Suspense>
      )}
    </FormDialog>
  );
}
