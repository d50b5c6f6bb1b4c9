import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { Database } from "~/db/client.server";
import type { AppContext } from "~/infra/app-context.server";
import { parseEnv } from "~/infra/env.server";
import { createMailer } from "~/infra/mail.server";
import { createLocalStorage, type LocalStorage } from "~/infra/storage-disk.server";
import { createTestDatabase, type Backend } from "./db";

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

export type TestContext = ReturnType<typeof createTestContext> & { database: Database };

/** A fresh database on `backend` and a context over it for the tests of the enclosing describe:
 * created before them, closed and removed after them. The object is filled in beforeAll, so
 * take it once at the top of the describe and read its fields inside the tests. */
export function setupTestContext(backend: Backend): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    const database = await createTestDatabase(backend);
    Object.assign(ctx, createTestContext(database), { database });
  });
  afterAll(async () => {
    await ctx.database?.close();
    ctx.cleanup?.();
  });
  return ctx;
}

/** An empty local storage in a temp folder (`root`) for each test, handed to `use` before it
 * and removed after it. */
export function setupTempStorage(use: (temp: { root: string; storage: LocalStorage }) => void): void {
  let root = "";
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "pb-storage-"));
    use({ root, storage: createLocalStorage(root) });
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));
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
