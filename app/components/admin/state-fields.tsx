import { LanguageTabs } from "~/components/admin/language-tabs";
import { InputField } from "~/components/form-field";
import type { Translations } from "~/domain/translations";

/** A state's public name (in three languages) and its badge's colour: the answer states' and the
 * result states' dialogs (their schemas check the colour with `badgeColour`). */
export function StateNameAndColour({
  error,
  row,
  defaultColour,
}: {
  error: (field: string) => string | undefined;
  row: { label: string; colour: string; translations: Translations } | null | undefined;
  defaultColour: string;
}) {
  return (
    <>
      <LanguageTabs
        error={error}
        translations={row?.translations}
        texts={[{ name: "label", label: "Nom públic", maxLength: 60 }]}
        catalan={
          <InputField label="Nom públic" name="label" defaultValue={row?.label ?? ""} maxLength={60} required error={error("label")} />
        }
      />
      <InputField
        label="Color"
        name="colour"
        type="color"
        defaultValue={row?.colour ?? defaultColour}
        className="h-10 p-1"
        error={error("colour")}
      />
    </>
  );
}
