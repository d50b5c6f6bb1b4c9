import type { ReactNode } from "react";
import type { MessageKey, MessageValues } from "~/i18n/catalogue";
import { clientMessages, translator } from "~/i18n/catalogues.server";
import type { Locale } from "~/i18n/locales";
import { FORM_VALUES, type FormMessage } from "~/lib/participation-texts";
import { I18nProvider } from "~/i18n/react";

/** What the root gives a page: its language's messages (tests that render parts without the root). */
export function WithMessages({ locale = "ca", children }: { locale?: Locale; children: ReactNode }) {
  return (
    <I18nProvider locale={locale} messages={clientMessages(locale)}>
      {children}
    </I18nProvider>
  );
}

/** What a form's key (a message's part, a field's error) says in a language, as the form says it
 * (with the limits the forms' texts name): sayIn("ca", MESSAGES.audioTooLong). */
export const sayIn = (locale: Locale, key: string, values?: MessageValues) =>
  translator(locale)(key as MessageKey, { ...FORM_VALUES, ...values });

/** A form message's title and description said in a language. */
export const messageIn = (locale: Locale, m: FormMessage) => ({
  title: sayIn(locale, m.title, m.values),
  description: m.description && sayIn(locale, m.description, m.values),
});
