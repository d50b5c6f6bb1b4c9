import { MicIcon } from "lucide-react";
import { lazy, Suspense } from "react";
import { Skeleton } from "~/components/ui/skeleton";
import { paths } from "~/lib/routes";
import { useParticipation } from "~/lib/participation-state";
import { ClosedNotice, FormDialog } from "./shared";

const TestimonialRecorder = lazy(() => import("./testimonial-recorder"));

/** What the dialog and /testimonis/enviar say with JavaScript: record, or upload a file. */
export const RECORDER_DESCRIPTION =
  "Grava un missatge de veu d'1 minut com a màxim, o puja un fitxer. L'equip el revisarà abans de publicar-lo.";

/** The recorder (with its file upload), loaded when first shown; the closed notice while
 * participation is closed. */
export function TestimonialRecorderPanel() {
  const { open } = useParticipation();
  if (!open) return <ClosedNotice />;
  return (
    <Suspense fallback={<Skeleton className="h-64 w-full" />}>
      <TestimonialRecorder />
    </Suspense>
  );
}

/** 'Envia el teu testimoni': the recording dialog (loaded when opened). Without JavaScript the
 * button is a link to the upload page. */
export function TestimonialDialog({ className }: { className?: string }) {
  return (
    <FormDialog
      href={paths.testimonial}
      icon={<MicIcon aria-hidden="true" />}
      label="Envia el teu testimoni"
      size="lg"
      className={className}
      title="Envia el teu testimoni"
      description={RECORDER_DESCRIPTION}
    >
      <TestimonialRecorderPanel />
    </FormDialog>
  );
}
