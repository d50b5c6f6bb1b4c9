import { Progress } from "~/components/ui/progress";

/** An upload's progress in its dialog, in per cent, while it is sent (useUploadDialog's `progress`).
 * A module of its own: only the upload screens load the progress bar. */
export function UploadProgress({ value }: { value: number | null }) {
  if (value === null) return null;
  return (
    <div className="flex flex-col gap-1">
      <Progress value={value} aria-label="Progrés de la pujada" />
      <p className="text-sm" aria-live="polite">
        {value}%
      </p>
    </div>
  );
}
