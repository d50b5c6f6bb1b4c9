import { openDatabase, type Database } from "~/db/client.server";
import { dataPaths } from "~/infra/data-paths.server";
import { s3Settings, type Env } from "~/infra/env.server";
import { acquireDataDirLock, type DataDirLock } from "~/infra/lock.server";
import { log } from "~/infra/log.server";
import { createMailer, type Mailer } from "~/infra/mail.server";
import { requeueInterrupted } from "~/models/newsletter-send.server";
import { requeueInterruptedAnswerMails } from "~/models/answer-mail.server";
import { purgeExpiredFollows, requeueInterruptedResultMails } from "~/models/result-follows.server";
import { purgeExpiredSubscriptions } from "~/models/newsletter.server";
import { resolveSessionSecret } from "~/infra/settings.server";
import { sweepStorage } from "~/infra/storage-sweep.server";
import { createLocalStorage } from "~/infra/storage-disk.server";
import type { Storage } from "~/infra/storage.server";

export interface Runtime {
  env: Env;
  database: Database;
  storage: Storage;
  /** Held while PGlite owns DATA_DIR; PostgreSQL instances share the folder. */
  lock: DataDirLock | null;
  sessionSecret: string;
  /** SMTP, or the outbox folder: chosen once here. */
  mailer: Mailer;
  /** Work to finish before the database closes (the page view counts still in memory). */
  onClose?: (finish: () => Promise<void>) => void;
}

const closers = new WeakMap<Runtime, (() => Promise<void>)[]>();

/** Opens everything the app stands on: the DATA_DIR lock, the database (migrated), storage.
 * The server, the seed and the admin CLI all go through here. */
export async function openRuntime(env: Env): Promise<Runtime> {
  const paths = dataPaths(env.DATA_DIR);
  const lock = env.DATABASE_URL ? null : acquireDataDirLock(env.DATA_DIR);
  let database: Database | undefined;
  try {
    database = env.DATABASE_URL
      ? await openDatabase({ kind: "postgres", url: env.DATABASE_URL })
      : await openDatabase({ kind: "pglite", dataDir: paths.pglite });
    const s3 = s3Settings(env);
    // The SDK is loaded only when a bucket is configured.
    const storage = s3 ? (await import("~/infra/storage-s3.server")).createS3Storage(s3) : createLocalStorage(paths.uploads);
    // Before anything is served: clear what uploads cut off by a crash left behind, and put back
    // in the queue the newsletter messages a crash interrupted.
    const db = database.db;
    await sweepStorage(database, storage, async () => {
      await requeueInterrupted(db);
      await requeueInterruptedAnswerMails(db);
      await requeueInterruptedResultMails(db);
    });
    const sessionSecret = await resolveSessionSecret(database.db, env.SESSION_SECRET);
    await purgeExpiredSubscriptions(database.db);
    await purgeExpiredFollows(database.db);
    const mailer = createMailer(env);
    log("info", "mail goes to", { destination: mailer.destination });
    const runtime: Runtime = { env, database, storage, lock, sessionSecret, mailer };
    const finishers: (() => Promise<void>)[] = [];
    closers.set(runtime, finishers);
    runtime.onClose = (finish) => finishers.push(finish);
    return runtime;
  } catch (err) {
    await database?.close().catch(() => {});
    lock?.release();
    throw err;
  }
}

export async function closeRuntime(runtime: Runtime) {
  for (const finish of closers.get(runtime) ?? []) await finish().catch(() => {});
  runtime.mailer.close();
  await runtime.database.close();
  runtime.lock?.release();
}
