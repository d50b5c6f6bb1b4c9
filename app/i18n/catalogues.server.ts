import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import caEmails from "./ca/emails";
import caErrors from "./ca/errors";
import caForms from "./ca/forms";
import caPublic from "./ca/public";
import enEmails from "./en/emails";
import enErrors from "./en/errors";
import enForms from "./en/forms";
import enPublic from "./en/public";
import esEmails from "./es/emails";
import esErrors from "./es/errors";
import esForms from "./es/forms";
import esPublic from "./es/public";
import { CLIENT_AREAS, type Area, type MessageKey, type MessageValues } from "./catalogue";
import { INTL_LOCALE, LOCALES, type Locale } from "./locales";

// The catalogues, read and compiled once, on the server (decision 059). A page's client gets its
// own language's compiled messages from the root loader (clientMessages); the server's own texts
// (actions, e-mails) come from translator().

/** Every language's files, by area. */
export const CATALOGUES: Record<Locale, Record<Area, Readonly<Record<string, string>>>> = {
  ca: { public: caPublic, forms: caForms, errors: caErrors, emails: caEmails },
  es: { public: esPublic, forms: esForms, errors: esErrors, emails: esEmails },
  en: { public: enPublic, forms: enForms, errors: enErrors, emails: enEmails },
};

function compile(locale: Locale, areas: readonly Area[]): Messages {
  const out: Messages = {};
  for (const area of areas)
    for (const [key, text] of Object.entries(CATALOGUES[locale][area])) out[`${area}.${key}`] = compileMessage(text);
  return out;
}

const clientCache = new Map<Locale, Messages>();
/** A page's messages: its language's public, form and error texts, compiled (no parser in the browser). */
export function clientMessages(locale: Locale): Messages {
  let messages = clientCache.get(locale);
  if (!messages) clientCache.set(locale, (messages = compile(locale, CLIENT_AREAS)));
  return messages;
}

const servers = new Map<Locale, I18n>();
function serverI18n(locale: Locale): I18n {
  let i18n = servers.get(locale);
  if (!i18n) {
    const all = compile(locale, Object.keys(CATALOGUES[locale]) as Area[]);
    i18n = setupI18n({ locale, locales: [INTL_LOCALE[locale]], messages: { [locale]: all } });
    servers.set(locale, i18n);
  }
  return i18n;
}

export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** The server's texts in one language: t("emails.footer.why", { ofSite }). */
export function translator(locale: Locale): Translate {
  const i18n = serverI18n(locale);
  return (key, values) => i18n._(key, values as Record<string, unknown>);
}

/** Every language's translator, for code that writes the same thing in each. */
export const translators = Object.fromEntries(LOCALES.map((l) => [l, translator(l)])) as Record<Locale, Translate>;
