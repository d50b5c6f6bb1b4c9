import { PenLineIcon } from "lucide-react";
import { useLocale } from "~/i18n/react";
import { localePaths } from "~/lib/routes";
import { ReflectionForm } from "./reflection-form";
import { FormDialog, useSay } from "./shared";

/** The reflection dialog's and page's heading and text, in the page's language. */
export function useReflectionTexts() {
  const say = useSay();
  return { title: say("forms.reflection.title"), description: say("forms.reflection.description") };
}

/** The reflection dialog. Without JavaScript its button is a link to a page with the form. */
export function ReflectionDialog({ label, className }: { label?: string; className?: string }) {
  const say = useSay();
  return (
    <FormDialog
      href={localePaths(useLocale()).reflection}
      icon={<PenLineIcon aria-hidden="true" />}
      label={label ?? say("forms.reflection.open")}
      variant="outline"
      className={className}
      {...useReflectionTexts()}
    >
      <ReflectionForm />
    </FormDialog>
  );
}
