import { AsyncLocalStorage } from "node:async_hooks";
import { collectTablesRead } from "~/db/tables-read.server";

// What a page render learns about itself while its loaders run, for the server to act on
// afterwards without threading a flag through every loader.
export interface RenderState {
  /** A public read failed and the page shows a default in its place, or the page belongs to
   * one visitor (markPersonal): send it, never keep it. */
  degraded: boolean;
  /** The tables the render read, noted by the database layer (db/tables-read.server.ts): the
   * page's cache tags. A write that names one of them makes the page stale (decision 026). */
  reads: Set<string>;
}

const storage = new AsyncLocalStorage<RenderState>();

/** Runs a render with a fresh state and gives both back. */
export async function withRenderState<T>(render: () => Promise<T>): Promise<{ result: T; state: RenderState }> {
  const state: RenderState = { degraded: false, reads: new Set() };
  const result = await storage.run(state, () => collectTablesRead(state.reads, render));
  return { result, state };
}

/** Marks the page being rendered, if any, as showing a default for a failed read. */
export function markDegraded() {
  const state = storage.getStore();
  if (state) state.degraded = true;
}

/** Marks the page being rendered as one visitor's own (it reads a token in its address, or
 * changes something): the page cache sends it and never keeps it, as it does a degraded page. */
export const markPersonal = markDegraded;
