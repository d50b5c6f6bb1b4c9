import type caEmails from "./ca/emails";
import type caErrors from "./ca/errors";
import type caForms from "./ca/forms";
import type caPublic from "./ca/public";

// The message catalogues' shapes (decision 059). Client-safe: types only. The catalogues
// themselves are read on the server (catalogues.server.ts) and reach a page through the root
// loader, compiled, in its own language only.

/** Another language's file for a Catalan one: the same keys, every one of them, and no other. */
export type Translation<T> = { readonly [K in keyof T]: string };

/** The catalogues' areas. Each key is written `area.key` in the code. */
export type Areas = { public: typeof caPublic; forms: typeof caForms; errors: typeof caErrors; emails: typeof caEmails };
export type Area = keyof Areas;

type Prefixed<P extends string, T> = { [K in keyof T & string as `${P}.${K}`]: string };
type Merge<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
export type Catalogue = Merge<{ [A in Area]: Prefixed<A, Areas[A]> }[Area]>;
/** Every text's key. */
export type MessageKey = keyof Catalogue & string;
/** The areas a page's client needs: the back office and the e-mails stay on the server. */
export const CLIENT_AREAS = ["public", "forms", "errors"] as const satisfies readonly Area[];
/** A key of the areas the pages' client code can read. */
export type ClientKey = Extract<MessageKey, `${(typeof CLIENT_AREAS)[number]}.${string}`>;

/** The values a message's placeholders take. */
export type MessageValues = Record<string, string | number | Date | null | undefined>;
