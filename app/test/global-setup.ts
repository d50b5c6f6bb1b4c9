import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/db/client.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump of an in-memory PGlite with every migration applied (see app/test/db.ts). */
    pgliteTemplate: string;
  }
}

// Starting PGlite from nothing (its initdb) costs several times what loading a dump of one does,
// and every database test file needs a fresh database: the run migrates one PGlite here, once, and
// each file starts its own from this dump (decision 040). The migrations themselves still run from
// nothing here, on every run.
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-pglite-template-"));
  const file = path.join(dir, "migrated.tar");
  const database = await openDatabase({ kind: "pglite" });
  const client = (database.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
  fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  await database.close();
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
