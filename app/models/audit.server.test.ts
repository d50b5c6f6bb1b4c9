import fs from "node:fs";
import path from "node:path";
import { desc, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { adminTestBed, mp4Head, png } from "~/test/admin";
import { testBackends } from "~/test/db";
import * as activities from "~/routes/admin/activities.server";
import * as biciFucsia from "~/routes/admin/bici-fucsia.server";
import * as footer from "~/routes/admin/footer.server";
import * as homeBackground from "~/routes/admin/home-background.server";
import * as landings from "~/routes/admin/landings.server";
import * as newsletter from "~/routes/admin/newsletter.server";
import * as resources from "~/routes/admin/resources.server";
import * as settings from "~/routes/admin/settings.server";
import * as testimonials from "~/routes/admin/testimonials.server";
import * as videos from "~/routes/admin/videos.server";
import { changedFields, textFields } from "~/models/audit.server";

// Every admin write of every screen leaves exactly one audit entry, with its actor and change, in
// the transaction of the write: a refused or failed write leaves none (decision 032).

it("keeps text fields and switches, never credentials or e-mail addresses", () => {
  expect(
    textFields({ title: "A", isActive: true, position: 3, passwordHash: "x", totpSecret: "y", email: "a@b.cat", description: null }),
  ).toEqual({
    title: "A",
    isActive: true,
    description: null,
  });
  expect(changedFields({ title: "A", slug: "a" }, { title: "B", slug: "a" })).toEqual({ before: { title: "A" }, after: { title: "B" } });
});

it("no module of the site updates or deletes audit entries", () => {
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const text = fs.readFileSync(file, "utf8");
        if (/\.(update|delete)\(\s*auditLog\b/.test(text) || /(update|delete from)\s+"?audit_log/i.test(text)) offenders.push(file);
      }
    }
  };
  walk(path.resolve(import.meta.dirname, ".."));
  walk(path.resolve(import.meta.dirname, "../../server"));
  expect(offenders).toEqual([]);
});

describe.each(testBackends())("audit entries on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post } = bed;
  const db = () => bed.ctx.db;
  const entries = () => db().select().from(t.auditLog).orderBy(desc(t.auditLog.at));

  /** Runs one write and returns the one entry it left (failing when it left none or several). */
  async function oneEntry(write: () => Promise<{ ok: boolean }>) {
    const before = (await entries()).map((e) => e.id);
    const out = await write();
    expect(out.ok, JSON.stringify(out)).toBe(true);
    const added = (await entries()).filter((e) => !before.includes(e.id));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ actorEmail: "gestor@penedes.cat", actorId: expect.any(String) });
    return added[0]!;
  }
  async function noEntry(write: () => Promise<{ ok: boolean }>) {
    const n = await db().$count(t.auditLog);
    expect((await write()).ok).toBe(false);
    expect(await db().$count(t.auditLog)).toBe(n);
  }

  it("activities: create, update (the changed fields only), delete", async () => {
    const created = await oneEntry(() =>
      post(activities.action, { intent: "create", title: "Bicicletada", date: "2026-05-01", emoji: "🎉" }),
    );
    expect(created).toMatchObject({
      entity: "activity",
      action: "create",
      after: expect.objectContaining({ title: "Bicicletada", date: "2026-05-01" }),
    });
    const id = created.entityId!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const updated = await oneEntry(() =>
      post(activities.action, { intent: "update", id, title: "Bicicletada popular", date: "2026-05-01", emoji: "🎉" }),
    );
    expect(updated).toMatchObject({
      action: "update",
      entityId: id,
      before: { title: "Bicicletada" },
      after: { title: "Bicicletada popular" },
    });
    const deleted = await oneEntry(() => post(activities.action, { intent: "delete", id }));
    expect(deleted).toMatchObject({ action: "delete", entityId: id, before: expect.objectContaining({ title: "Bicicletada popular" }) });
    await noEntry(() => post(activities.action, { intent: "create", title: " ", date: "", emoji: "🚲" }));
    await noEntry(() => post(activities.action, { intent: "delete", id }));
  });

  it("landings: create, toggle, a refused duplicate leaves nothing", async () => {
    const created = await oneEntry(() =>
      post(landings.action, { intent: "create", title: "Fira", slug: "fira", description: "Hola", isActive: "true" }),
    );
    const toggled = await oneEntry(() => post(landings.action, { intent: "toggle", id: created.entityId!, isActive: "false" }));
    expect(toggled).toMatchObject({ entity: "landing", action: "toggle", before: { isActive: true }, after: { isActive: false } });
    await noEntry(() => post(landings.action, { intent: "create", title: "Una altra", slug: "fira" }));
  });

  it("files: videos, resources, bici-fucsia, home background (create and its own toggle), footer logos and texts", async () => {
    const image = await png();
    expect(
      (
        await oneEntry(() =>
          post(videos.action, { intent: "create", scope: "laboral", title: "V" }, { file: new File([mp4Head()], "v.mp4") }),
        )
      ).entity,
    ).toBe("video");
    expect(
      (
        await oneEntry(() =>
          post(resources.action, { intent: "create", title: "Cartell", isActive: "true" }, { file: new File([image], "c.png") }),
        )
      ).entity,
    ).toBe("resource");
    const photo = await oneEntry(() => post(biciFucsia.action, { intent: "create", title: "Foto" }, { image: new File([image], "x.png") }));
    expect(photo).toMatchObject({ after: expect.objectContaining({ title: "Foto" }) });
    expect(JSON.stringify(photo.after)).not.toContain('imageKey":null');
    const bg = await oneEntry(() => post(homeBackground.action, { intent: "create" }, { file: new File([image], "x.png") }));
    expect(await oneEntry(() => post(homeBackground.action, { intent: "toggle", id: bg.entityId!, isActive: "true" }))).toMatchObject({
      action: "toggle",
      after: { isActive: true },
    });
    await oneEntry(() =>
      post(footer.action, { intent: "create", name: "Logo", linkUrl: "", position: "0" }, { image: new File([image], "l.png") }),
    );
    const texts = await oneEntry(() =>
      post(footer.action, { intent: "texts", footerText: "Text nou", collaboratorsText: "Amb el suport de" }),
    );
    expect(texts).toMatchObject({
      entity: "logo",
      action: "texts",
      after: { footerText: "Text nou", collaboratorsText: "Amb el suport de" },
    });
    await noEntry(() => post(footer.action, { intent: "texts", footerText: "", collaboratorsText: "" }));
  });

  it("newsletter: a deleted subscriber is recorded without their address", async () => {
    const [row] = await db().insert(t.newsletterSubscriptions).values({ email: "persona@example.org", privacyAccepted: true }).returning();
    const entry = await oneEntry(() => post(newsletter.action, { intent: "delete", id: row!.id }));
    expect(JSON.stringify(entry)).not.toContain("persona@example.org");
  });

  it("testimonials: each moderation decision, from the testimonials screen (the queue's actions)", async () => {
    const [tm] = await db()
      .insert(t.testimonials)
      .values({
        title: "Veu",
        category: "laboral",
        audioKey: "testimonials/00000000-0000-4000-8000-000000000001.webm",
        transcript: "Vaig a la feina en bici.",
      })
      .returning();
    const items = `testimonial:${tm!.id}`;
    expect(await oneEntry(() => post(testimonials.action, { intent: "approve", items }))).toMatchObject({
      entity: "testimonial",
      entityId: tm!.id,
      action: "approve",
    });
    expect(await oneEntry(() => post(testimonials.action, { intent: "hide", items, reason: "Dades personals" }))).toMatchObject({
      action: "hide",
      after: { hiddenReason: "Dades personals" },
    });
    await noEntry(() => post(testimonials.action, { intent: "hide", items, reason: "Un altre cop" }));
  });

  it("settings: the addresses before and after", async () => {
    const entry = await oneEntry(() =>
      post(settings.action, { mapEmbedUrl: "https://umap.example.org/embed", mapFullUrl: "", questionnaireUrl: "" }),
    );
    expect(entry).toMatchObject({
      entity: "settings",
      before: { mapEmbedUrl: null },
      after: { mapEmbedUrl: "https://umap.example.org/embed" },
    });
  });

  it("the write and its entry are one transaction: when the entry cannot be written, the write is undone", async () => {
    const before = await db().$count(t.activities);
    await db().execute(sql`alter table audit_log add constraint audit_test_refuse check (false) not valid`);
    try {
      const out = await post(activities.action, { intent: "create", title: "Sense registre", date: "2026-05-01", emoji: "🚲" });
      expect(out).toMatchObject({ ok: false, status: 500 });
      const [tm] = await db()
        .insert(t.testimonials)
        .values({
          title: "Veu 2",
          category: "laboral",
          audioKey: "testimonials/00000000-0000-4000-8000-000000000002.webm",
          transcript: "Vaig a l'escola en bici.",
        })
        .returning();
      expect(await post(testimonials.action, { intent: "approve", items: `testimonial:${tm!.id}` })).toMatchObject({
        ok: false,
        status: 500,
      });
      expect((await db().query.testimonials.findFirst({ where: (x, { eq }) => eq(x.id, tm!.id) }))!.status).toBe("pending");
    } finally {
      await db().execute(sql`alter table audit_log drop constraint audit_test_refuse`);
    }
    expect(await db().$count(t.activities)).toBe(before);
  });
});
