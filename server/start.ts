import { createServer, type RequestListener, type Server } from "node:http";
import type { Socket } from "node:net";
import type { ViteDevServer } from "vite";
import { ensureAdmin } from "~/models/admin-users.server";
import { ConfigError, parseEnv, type Env } from "~/infra/env.server";
import { DataDirLockedError } from "~/infra/lock.server";
import { errorFields, log } from "~/infra/log.server";
import { startNewsletterWorker } from "~/models/newsletter-send.server";
import { startAnswerMailWorker } from "~/models/answer-mail.server";
import { startRetentionWorker } from "~/models/retention.server";
import { startResultMailWorker } from "~/models/result-follows.server";
import { closeRuntime, openRuntime, type Runtime } from "./runtime";
import { drainable } from "./unavailable";

/** How long an idle kept connection stays open (http.Server's keepAliveTimeout; Node's default is
 * 5 s, and Node 20 closes a second after that). A proxy in front must close its idle connections
 * first (docs/nginx: 4 s), and with a wide margin: when the event loop is held up (a CPU-starved
 * machine, a large export) past the moment Node's keep-alive timer is due, Node runs that timer
 * before it reads what arrived meanwhile, and resets a connection on which the proxy has just sent
 * a request. A POST sent so is never retried: the visitor gets the proxy's 502 (decision 060). */
export const KEEP_ALIVE_MS = 65_000;

/** How long a connection the server closes after an answer keeps reading what the client still
 * sends (nginx's lingering close; its lingering_timeout is 5 s). */
export const LINGER_MS = 3_000;

/** The HTTP server the site listens with. */
export function siteServer(listener: RequestListener): Server {
  const server = createServer(listener);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // A request refused before its body was read (a form too large by its announced length, a
  // method a page does not take) leaves bytes unread in the socket. Closed so, the connection is
  // reset by the system, and a client still reading the answer loses its end. So once answered,
  // the rest of the body is read and thrown away, and a closing connection first says it is done
  // sending, then waits for the client to close its side, or LINGER_MS, before it lets go.
  server.on("request", (req, res) => {
    res.once("finish", () => {
      if (req.complete) return;
      req.removeAllListeners("data");
      req.resume();
    });
  });
  server.on("connection", (socket) => {
    socket.destroySoon = function lingeringClose(this: Socket) {
      if (this.writable) this.end();
      const timer = setTimeout(() => this.destroy(), LINGER_MS);
      timer.unref();
      this.once("end", () => this.destroy());
      this.once("close", () => clearTimeout(timer));
    };
  });
  return server;
}

export interface AppOptions {
  vite?: ViteDevServer;
  /** build/client, for the production static files. */
  clientDir?: string;
}

/** Starts the site; resolves with the listening server. Stops gracefully on SIGTERM/SIGINT. */
export async function startServer(
  createApp: (runtime: Runtime, options: AppOptions) => RequestListener,
  options: AppOptions = {},
): Promise<Server | undefined> {
  let env: Env;
  let runtime: Runtime;
  try {
    env = parseEnv();
    runtime = await openRuntime(env);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataDirLockedError) {
      process.stderr.write(`\n${err.message}\n\n`);
      process.exitCode = 1;
      return undefined;
    }
    throw err;
  }

  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const result = await ensureAdmin(runtime.database.db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    if (result === "created") log("info", "admin account created", { email: env.ADMIN_EMAIL });
  }

  if (!options.vite && !process.env.PUBLIC_URL?.trim()) {
    log("warn", "PUBLIC_URL is not set: canonical links, Open Graph tags, robots.txt and the sitemap name this address", {
      publicUrl: env.PUBLIC_URL,
    });
  }

  const app = drainable(createApp(runtime, options));
  const server = await new Promise<Server>((resolve, reject) => {
    const s = siteServer(app.listener).listen(env.PORT, env.HOST, () => resolve(s));
    s.once("error", reject);
  });
  // The newsletter queue is sent in the background by every instance (decision 030).
  const newsletterWorker = startNewsletterWorker(
    { db: runtime.database.db, env, mailer: runtime.mailer, sessionSecret: runtime.sessionSecret },
    { rate: env.NEWSLETTER_RATE },
  );
  // The authors' e-mails about their answers (decision 068), a queue of their own beside it.
  const answerMailWorker = startAnswerMailWorker({
    db: runtime.database.db,
    env,
    mailer: runtime.mailer,
    sessionSecret: runtime.sessionSecret,
  });
  // Contributors' names and e-mails erased once their retention period ends (decision 071).
  const retentionWorker = startRetentionWorker(runtime.database.db);
  // The news of the plan's results to their followers (decision 069).
  const resultMailWorker = startResultMailWorker({
    db: runtime.database.db,
    env,
    mailer: runtime.mailer,
    sessionSecret: runtime.sessionSecret,
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  log("info", "listening", {
    url: `http://${env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST}:${port}`,
    database: runtime.database.kind,
    dataDir: env.DATA_DIR,
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log("info", "shutting down", { signal });
    // What still comes on an open connection gets the Catalan 503 page, not a half-closed site.
    app.drain();
    // Finish in-flight requests, then close the database and release the lock.
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    force.unref();
    server.close(async () => {
      try {
        await options.vite?.close();
        await newsletterWorker.stop();
        await answerMailWorker.stop();
        await retentionWorker.stop();
        await resultMailWorker.stop();
        await closeRuntime(runtime);
        log("info", "stopped");
      } catch (err) {
        log("error", "error while stopping", errorFields(err));
        process.exitCode = 1;
      }
      process.exit();
    });
    server.closeIdleConnections();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  return server;
}
