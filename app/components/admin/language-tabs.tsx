import { useState, type ReactNode } from "react";
import { InputField, TextareaField } from "~/components/form-field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { LOCALE_NAMES } from "~/i18n/locales";
import { TRANSLATED_LOCALES, translationField, translationOf, type TranslatedLocale, type Translations } from "~/lib/translations";

// A dialog's staff texts in three languages (decision 062): one tab per language, Català first. The
// Catalan tab holds the screen's own fields (required ones stay required); the Castellano and
// English tabs hold the same texts, all optional: left empty, the public page shows the Catalan
// text. The Catalan tab stays in the form while hidden; the translations are kept here and sent
// from hidden fields `<field>_es` and `<field>_en`, so one Desa sends the three languages whichever
// tab is open, and only the open tab's fields are on the page (their labels name their language).

/** A translated text of the form: its Catalan field's name and label. */
export interface TranslatedText {
  name: string;
  label: string;
  /** A textarea of this many rows (an input when not said). */
  rows?: number;
  maxLength?: number;
  /** A field of its own (the Markdown editor), given its label, value and change handler. */
  render?: (field: { label: string; value: string; onChange: (value: string) => void; error?: string; lang: string }) => ReactNode;
}

/** How the back office names each language inside a label. */
const IN_LANGUAGE: Record<TranslatedLocale, string> = { es: "en castellà", en: "en anglès" };

export function LanguageTabs({
  catalan,
  texts,
  translations,
  error,
}: {
  /** The Catalan fields, as the screen writes them. */
  catalan: ReactNode;
  texts: readonly TranslatedText[];
  /** The row's stored translations (none for a new row). */
  translations?: Translations | null;
  error: (field: string) => string | undefined;
}) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      TRANSLATED_LOCALES.flatMap((locale) =>
        texts.map((t) => [translationField(t.name, locale), translationOf(translations, t.name, locale) ?? ""]),
      ),
    ),
  );
  const set = (name: string) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  return (
    <Tabs defaultValue="ca">
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <TabsList aria-label="Llengua dels textos">
        <TabsTrigger value="ca">{LOCALE_NAMES.ca}</TabsTrigger>
        {TRANSLATED_LOCALES.map((locale) => (
          <TabsTrigger key={locale} value={locale}>
            {LOCALE_NAMES[locale]}
            {texts.some((t) => error(translationField(t.name, locale))) && <span className="text-red-700">*</span>}
          </TabsTrigger>
        ))}
      </TabsList>
      {/* Kept mounted (and hidden while another tab is open): its fields are the form's own. */}
      <TabsContent value="ca" forceMount className="flex flex-col gap-4 data-[state=inactive]:hidden">
        {catalan}
      </TabsContent>
      {TRANSLATED_LOCALES.map((locale) => (
        <TabsContent key={locale} value={locale} className="flex flex-col gap-4">
          <p className="text-sm text-ink/80">
            Opcional. Si un text es deixa buit, la pàgina en {LOCALE_NAMES[locale]} mostra el text en català.
          </p>
          {texts.map((text) => {
            const name = translationField(text.name, locale);
            const label = `${text.label} ${IN_LANGUAGE[locale]}`;
            const onChange = set(name);
            if (text.render)
              return <div key={name}>{text.render({ label, value: values[name] ?? "", onChange, error: error(name), lang: locale })}</div>;
            const field = {
              label,
              value: values[name] ?? "",
              error: error(name),
              maxLength: text.maxLength,
              lang: locale,
            };
            return text.rows ? (
              <TextareaField key={name} {...field} rows={text.rows} onChange={(e) => onChange(e.target.value)} />
            ) : (
              <InputField key={name} {...field} onChange={(e) => onChange(e.target.value)} />
            );
          })}
        </TabsContent>
      ))}
    </Tabs>
  );
}
