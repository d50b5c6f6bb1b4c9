import { MicIcon } from "lucide-react";
import { lazy, Suspense } from "react";
import { Skeleton } from "~/components/ui/skeleton";
import { useLocale } from "~/i18n/react";
import { localePaths } from "~/lib/routes";
import { useParticipation } from "~/lib/participation-state";
import { ClosedNotice, FormDialog, useSay } from "./shared";

const TestimonialRecorder = lazy(() => import("./testimonial-recorder"));

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
  const say = useSay();
  return (
    <FormDialog
      href={localePaths(useLocale()).testimonial}
      icon={<MicIcon aria-hidden="true" />}
      label={say("forms.testimonial.title")}
      size="lg"
      className={className}
      title={say("forms.testimonial.title")}
      // What the dialog and the testimonial page say with JavaScript: record, or upload a file.
      description={say("forms.testimonial.recorderDescription")}
    >
      <TestimonialRecorderPanel />
    </FormDialog>
  );
}
