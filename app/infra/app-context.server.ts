import type { Db } from "~/db/client.server";
import type { Env } from "~/infra/env.server";
import type { Mailer } from "~/infra/mail.server";
import type { Storage } from "~/infra/storage.server";

// What the server hands every loader and action: the real parts, injected, so tests
// can run a loader against a database of their own.
export interface AppContext {
  db: Db;
  storage: Storage;
  env: Env;
  cspNonce: string;
  /** Signs the session cookie: SESSION_SECRET, or a random one kept in site_settings. */
  sessionSecret: string;
  /** A keyed hash of the client's address, for rate limits: the address itself is never kept. */
  clientKey: string;
  /** The client's address as the server saw it, for the audit log of staff actions only. */
  clientIp?: string;
  /** Every e-mail the site sends (mail.server.ts). */
  mailer: Mailer;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
