import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { createContext, Fragment, useContext, useMemo, type ReactNode } from "react";
import { useLocation } from "react-router";
import type { ClientKey, MessageValues } from "./catalogue";
import { INTL_LOCALE, localeOf, type Locale } from "./locales";

// A page's texts in its language (decision 059). The root loader sends the language's compiled
// messages once (app/root.tsx); the provider below holds them, and components read them with
// useT(). The locale is the address's: useLocale() reads it from the location, so it is the same
// on the server and in the browser, and no cookie is involved.

interface I18nValue {
  locale: Locale;
  i18n: I18n;
}

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ locale, messages, children }: { locale: Locale; messages: Messages; children: ReactNode }) {
  const value = useMemo(
    () => ({ locale, i18n: setupI18n({ locale, locales: [INTL_LOCALE[locale]], messages: { [locale]: messages } }) }),
    [locale, messages],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The language of the page being shown. */
export function useLocale(): Locale {
  return localeOf(useLocation().pathname);
}

export type T = (key: ClientKey, values?: MessageValues) => string;

const EMPTY = setupI18n({ locale: "ca", messages: { ca: {} } });

/** The text of a key in the page's language: const t = useT(); t("public.shell.menu"). */
export function useT(): T {
  const i18n = useContext(I18nContext)?.i18n ?? EMPTY;
  return useMemo(() => (key, values) => i18n._(key, values as Record<string, unknown>), [i18n]);
}

const TAG = /<(\w+)>(.*?)<\/\1>/gs;

/** A message with parts wrapped in elements: "Pots <link>dir la teva</link>." with
 * parts={{ link: (text) => <Link to="…">{text}</Link> }}. Unknown tags are shown as plain text. */
export function RichText({ text, parts }: { text: string; parts: Record<string, (chunk: string) => ReactNode> }) {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(TAG)) {
    const [whole, name, chunk] = m;
    out.push(text.slice(last, m.index));
    const render = parts[name!];
    out.push(<Fragment key={m.index}>{render ? render(chunk!) : chunk}</Fragment>);
    last = m.index + whole.length;
  }
  out.push(text.slice(last));
  return <>{out}</>;
}

const fromMessages = new WeakMap<Messages, T>();
/** A translator over a loader's messages, outside React (a route's meta function). */
export function translatorOf(locale: Locale, messages: Messages | undefined): T {
  if (!messages) return (key) => key;
  let t = fromMessages.get(messages);
  if (!t) {
    const i18n = setupI18n({ locale, locales: [INTL_LOCALE[locale]], messages: { [locale]: messages } });
    t = (key, values) => i18n._(key, values as Record<string, unknown>);
    fromMessages.set(messages, t);
  }
  return t;
}

/** What the root loader gives every page (app/root.tsx). */
export interface RootData {
  publicUrl: string;
  locale: Locale;
  messages: Messages;
}

/** A meta function's public URL and translator, from the root's data among its matches. */
export function metaContext(matches: readonly ({ loaderData?: unknown } | undefined)[]): { publicUrl: string; t: T; locale: Locale } {
  const root = matches[0]?.loaderData as RootData | undefined;
  const locale = root?.locale ?? "ca";
  return { publicUrl: root?.publicUrl ?? "", t: translatorOf(locale, root?.messages), locale };
}
