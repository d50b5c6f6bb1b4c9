import { MapIcon } from "lucide-react";
import { lazy, Suspense } from "react";
import { Skeleton } from "~/components/ui/skeleton";
import { useLocale } from "~/i18n/react";
import { localePaths } from "~/lib/routes";
import { FormDialog, useSay } from "./shared";

/** The map and the comment form, fetched when the dialog first opens (map-and-comment.tsx). */
const MapDialogBody = lazy(() => import("./map-and-comment"));

/** The map dialog's and page's heading and text, in the page's language. */
export function useMapTexts() {
  const say = useSay();
  return { title: say("forms.map.title"), description: say("forms.map.description") };
}

/** The map dialog: the proposal map and the comment form. Without JavaScript its button is a
 * link to a page with the same map and form. */
export function MapDialog({ label, className }: { label?: string; className?: string }) {
  const say = useSay();
  return (
    <FormDialog
      href={localePaths(useLocale()).map}
      icon={<MapIcon aria-hidden="true" />}
      label={label ?? say("forms.map.open")}
      variant="outline"
      className={className}
      {...useMapTexts()}
      contentClassName="sm:max-w-3xl"
    >
      <Suspense fallback={<Skeleton className="h-[45dvh] min-h-64 w-full" />}>
        <MapDialogBody />
      </Suspense>
    </FormDialog>
  );
}
