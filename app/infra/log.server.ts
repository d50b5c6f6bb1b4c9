type Level = "info" | "warn" | "error";

/** One JSON object per line, so logs can be searched and shipped as they are. */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  if (process.env.LOG_SILENT === "1" && level === "info") return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  (level === "error" ? process.stderr : process.stdout).write(line + "\n");
}

export const errorFields = (err: unknown) => (err instanceof Error ? { err: err.message, stack: err.stack } : { err: String(err) });

/** How often a line of one kind of repeated event is written at most. */
export const REPEAT_WINDOW_MS = 60_000;
const repeats = new Map<string, { since: number; suppressed: number; timer?: NodeJS.Timeout }>();

/** For events an attacker can repeat at will (refused cross-origin posts, malformed requests): the
 * first of a kind is written at once, the next ones in the same minute only counted, and the count
 * is written once the minute is over (`repeated`), so a flood of bad requests is a line a minute. */
export function logRepeated(kind: string, level: Exclude<Level, "error">, msg: string, fields: Record<string, unknown> = {}) {
  const now = Date.now();
  const seen = repeats.get(kind);
  // A clock set back (by NTP, or a test) starts a new window rather than silencing the kind.
  if (!seen || now - seen.since >= REPEAT_WINDOW_MS || now < seen.since) {
    if (seen?.timer) clearTimeout(seen.timer);
    repeats.set(kind, { since: now, suppressed: 0 });
    log(level, msg, { kind, ...fields });
    return;
  }
  seen.suppressed++;
  seen.timer ??= setTimeout(
    () => {
      repeats.delete(kind);
      log(level, `${msg} (repeated)`, { kind, repeated: seen.suppressed, windowSeconds: REPEAT_WINDOW_MS / 1000 });
    },
    seen.since + REPEAT_WINDOW_MS - now,
  ).unref();
}
