import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Database } from "~/db/client.server";
import type { AppContext } from "~/lib/app-context";
import { parseEnv } from "~/lib/env.server";
import { createMailer } from "~/lib/mail.server";
import { createLocalStorage } from "~/lib/storage.server";

/** The context the server hands loaders and actions, on a test database and a temp folder. */
export function createTestContext(database: Database): AppContext & { cleanup(): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "pb-ctx-"));
  const env = parseEnv({ DATA_DIR: root });
  return {
    db: database.db,
    storage: createLocalStorage(root),
    env,
    // No SMTP_URL: messages land in <root>/outbox, as on a new install.
    mailer: createMailer(env),
    cspNonce: "test-nonce",
    sessionSecret: "test-secret-".padEnd(40, "x"),
    clientKey: `test-client-${path.basename(root)}`,
    cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

/** Arguments for calling a route's loader or action directly. */
export function routeArgs<P extends Record<string, string> = Record<string, string>>(
  context: AppContext,
  url: string,
  init: RequestInit & { params?: P } = {},
) {
  const { params, ...requestInit } = init;
  return {
    request: new Request(new URL(url, "http://127.0.0.1:3000"), requestInit),
    context,
    params: (params ?? {}) as P,
    unstable_pattern: "",
  };
}
