import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, it } from "vitest";
import { PGLITE_EXTENSIONS } from "./client.server";

// Migration 0011 (decision 051): testimonials stored with the spec's statuses before it keep their
// meaning after it, in the one model every contribution shares. Only approved ones were public,
// and only published ones are.

const DIR = path.resolve(import.meta.dirname, "../../drizzle");
const journal = JSON.parse(fs.readFileSync(path.join(DIR, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
const run = async (db: PGlite, tag: string) => {
  for (const statement of fs.readFileSync(path.join(DIR, `${tag}.sql`), "utf8").split("--> statement-breakpoint")) await db.exec(statement);
};

it("migration 0011 turns approved into published, rejected into hidden, and keeps pending", async () => {
  const db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    const tags = journal.entries.map((e) => e.tag);
    const at = tags.findIndex((t) => t.startsWith("0011_"));
    for (const tag of tags.slice(0, at)) await run(db, tag);
    await db.exec(`insert into testimonials (title, category, audio_key, status, hidden_reason) values
      ('Aprovat', 'laboral', 'audio/a.weba', 'approved', null),
      ('Rebutjat', 'infants', 'audio/b.weba', 'rejected', 'Soroll'),
      ('Pendent', 'turistic', 'audio/c.weba', 'pending', null)`);
    await run(db, tags[at]!);
    const { rows } = await db.query<{ title: string; status: string; hidden_reason: string | null }>(
      "select title, status::text as status, hidden_reason from testimonials order by title",
    );
    expect(rows).toEqual([
      { title: "Aprovat", status: "published", hidden_reason: null },
      { title: "Pendent", status: "pending", hidden_reason: null },
      { title: "Rebutjat", status: "hidden", hidden_reason: "Soroll" },
    ]);
    // A new testimonial still starts pending, and the old type is gone.
    await db.exec(`insert into testimonials (title, category, audio_key) values ('Nou', 'laboral', 'audio/d.weba')`);
    expect((await db.query<{ status: string }>("select status::text as status from testimonials where title = 'Nou'")).rows).toEqual([
      { status: "pending" },
    ]);
    expect((await db.query("select 1 from pg_type where typname = 'testimonial_status'")).rows).toEqual([]);
  } finally {
    await db.close();
  }
});
