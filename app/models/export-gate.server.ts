import type { AppContext } from "~/infra/app-context.server";
import { log } from "~/infra/log.server";
import { recordAudit, type AuditActor } from "./audit.server";

// Every download of personal data in bulk goes through here (issue 29): it is recorded in the audit
// log (who, when, which file with which filters), and the downloads being prepared at once are
// bounded, per account and in all, so a burst of exports cannot take the database and the event
// loop from everybody else (/healthz, the public pages).

/** Downloads one account may have in progress at once (per instance). */
export const EXPORTS_PER_ACCOUNT = 2;
/** Downloads in progress at once, all accounts together (per instance). */
export const EXPORTS_IN_ALL = 4;

export const EXPORT_BUSY_MESSAGE = "Ara mateix s'estan preparant massa exportacions. Torna-ho a provar d'aquí a un moment.";

let running = 0;
const byAccount = new Map<string, number>();

/** How many downloads are in progress now (for tests). */
export const exportsInProgress = () => running;

/** The filters of an export as the audit log keeps them: the address's parameters, except a search
 * that holds an e-mail address (a citizen's address is never copied into the log). */
function filtersOf(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) out[k] = v.includes("@") ? "(adreça electrònica)" : v.slice(0, 200);
  return out;
}

/** A 429 in Catalan, for a download asked for while too many are in progress. */
function busy(): Response {
  return new Response(EXPORT_BUSY_MESSAGE, {
    status: 429,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "10", "Cache-Control": "no-store" },
  });
}

/** Runs `make` (which answers the download) if a slot is free, records the export in the audit
 * log, and frees the slot when the download ends, fails or is given up by the client (logged as
 * information: a closed tab is no fault of ours). */
export async function guardedExport(
  client: { request: Request; context: Pick<AppContext, "db" | "clientIp"> },
  actor: AuditActor & { id: string },
  file: string,
  make: () => Response | Promise<Response>,
): Promise<Response> {
  const mine = byAccount.get(actor.id) ?? 0;
  if (mine >= EXPORTS_PER_ACCOUNT || running >= EXPORTS_IN_ALL) {
    log("warn", "export refused: too many in progress", { file, running, account: mine });
    return busy();
  }
  running++;
  byAccount.set(actor.id, mine + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    running--;
    const n = (byAccount.get(actor.id) ?? 1) - 1;
    if (n > 0) byAccount.set(actor.id, n);
    else byAccount.delete(actor.id);
  };
  try {
    const url = new URL(client.request.url);
    await recordAudit(client.context.db, client, actor, {
      entity: "export",
      entityId: file,
      action: "export",
      after: filtersOf(url),
    });
    const res = await make();
    if (!res.body || !res.ok) {
      release();
      return res;
    }
    const reader = res.body.getReader();
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (cancelled) return;
          if (done) {
            release();
            controller.close();
          } else controller.enqueue(value);
        } catch (err) {
          release();
          if (!cancelled) controller.error(err);
        }
      },
      async cancel(reason) {
        cancelled = true;
        release();
        log("info", "download stopped by the client", { file });
        await reader.cancel(reason).catch(() => {});
      },
    });
    return new Response(body, { status: res.status, headers: res.headers });
  } catch (err) {
    release();
    throw err;
  }
}
