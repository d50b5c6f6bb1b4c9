import { PenLineIcon } from "lucide-react";
import { paths } from "~/lib/routes";
import { ReflectionForm } from "./reflection-form";
import { FormDialog } from "./shared";

export const REFLECTION_TEXTS = {
  title: "Escriu una reflexió",
  description: "Explica'ns què en penses. El nom i el correu són opcionals.",
};

/** The reflection dialog. Without JavaScript its button is a link to a page with the form. */
export function ReflectionDialog({ label = "Escriu una reflexió", className }: { label?: string; className?: string }) {
  return (
    <FormDialog
      href={paths.reflection}
      icon={<PenLineIcon aria-hidden="true" />}
      label={label}
      variant="outline"
      className={className}
      {...REFLECTION_TEXTS}
    >
      <ReflectionForm />
    </FormDialog>
  );
}
