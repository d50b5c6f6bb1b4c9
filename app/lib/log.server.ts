type Level = "info" | "warn" | "error";

/** One JSON object per line, so logs can be searched and shipped as they are. */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  if (process.env.LOG_SILENT === "1" && level === "info") return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  (level === "error" ? process.stderr : process.stdout).write(line + "\n");
}

export const errorFields = (err: unknown) => (err instanceof Error ? { err: err.message, stack: err.stack } : { err: String(err) });
