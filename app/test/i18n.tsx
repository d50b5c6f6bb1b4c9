import type { ReactNode } from "react";
import { clientMessages } from "~/i18n/catalogues.server";
import type { Locale } from "~/i18n/locales";
import { I18nProvider } from "~/i18n/react";

/** What the root gives a page: its language's messages (tests that render parts without the root). */
export function WithMessages({ locale = "ca", children }: { locale?: Locale; children: ReactNode }) {
  return (
    <I18nProvider locale={locale} messages={clientMessages(locale)}>
      {children}
    </I18nProvider>
  );
}
