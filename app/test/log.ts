import { vi } from "vitest";

/** The JSON log lines the process writes to stdout and stderr while `run` runs. */
export async function logLines(run: () => Promise<void>) {
  const written: string[] = [];
  const capture = (chunk: unknown) => (written.push(String(chunk)), true);
  const out = vi.spyOn(process.stdout, "write").mockImplementation(capture);
  const err = vi.spyOn(process.stderr, "write").mockImplementation(capture);
  try {
    await run();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return written.flatMap((chunk) => chunk.split("\n").filter(Boolean)).map((l) => JSON.parse(l) as Record<string, unknown>);
}
