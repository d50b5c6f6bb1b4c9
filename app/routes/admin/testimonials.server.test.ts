import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { adminTestBed } from "~/test/admin";
import { testBackends } from "~/test/db";
import * as testimonials from "./testimonials.server";

describe.each(testBackends())("testimonials on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post } = bed;

  it("testimonials: the status machine stamps reviewed_at and refuses a no-op", async () => {
    const [tm] = await bed.ctx.db
      .insert(t.testimonials)
      .values({ title: "Hola", category: "infants", audioKey: "audio/00000000-0000-4000-8000-000000000001.weba" })
      .returning();
    expect(tm!.status).toBe("pending");
    const approve = await post(testimonials.action, { id: tm!.id, status: "approved" });
    expect(approve.message).toBe("Testimoni aprovat");
    const a = await bed.ctx.db.query.testimonials.findFirst({ where: eq(t.testimonials.id, tm!.id) });
    expect(a!.status).toBe("approved");
    expect(a!.reviewedAt).toBeInstanceOf(Date);
    const again = await post(testimonials.action, { id: tm!.id, status: "approved" });
    expect(again).toMatchObject({ ok: false, error: "No s'ha pogut actualitzar l'estat del testimoni.", status: 409 });
    expect((await post(testimonials.action, { id: tm!.id, status: "rejected" })).message).toBe("Testimoni rebutjat");
    expect((await post(testimonials.action, { id: tm!.id, status: "approved" })).message).toBe("Testimoni aprovat");
    expect((await post(testimonials.action, { id: tm!.id, status: "pending" })).ok).toBe(false);
  });

  it("a rejection answers how to undo it, and the undo puts the testimonial back where it was", async () => {
    const [pending, approved] = await bed.ctx.db
      .insert(t.testimonials)
      .values([
        { title: "Pendent", category: "infants", audioKey: "audio/00000000-0000-4000-8000-000000000002.weba" },
        {
          title: "Aprovat",
          category: "laboral",
          status: "approved",
          reviewedAt: new Date(),
          audioKey: "audio/00000000-0000-4000-8000-000000000003.weba",
        },
      ])
      .returning();
    const status = async (id: string) => (await bed.ctx.db.query.testimonials.findFirst({ where: eq(t.testimonials.id, id) }))!;

    // Without the undo flag, nothing may make a testimonial pending again.
    expect((await post(testimonials.action, { id: pending!.id, status: "pending" })).ok).toBe(false);

    const rejected = await post(testimonials.action, { id: pending!.id, status: "rejected" });
    expect(rejected).toMatchObject({
      ok: true,
      message: "Testimoni rebutjat",
      undo: { action: "/admin/testimonials", fields: { id: pending!.id, status: "pending", undo: "1" } },
    });
    expect((await status(pending!.id)).status).toBe("rejected");
    const undone = await post(testimonials.action, rejected.undo!.fields);
    expect(undone).toMatchObject({ ok: true, message: "S'ha desfet el rebuig" });
    expect(undone.undo).toBeUndefined();
    expect(await status(pending!.id)).toMatchObject({ status: "pending", reviewedAt: null });
    // An undo applies once, and only to a rejected testimonial.
    expect(await post(testimonials.action, rejected.undo!.fields)).toMatchObject({ ok: false, status: 409 });
    expect((await post(testimonials.action, { id: pending!.id, status: "rejected", undo: "1" })).ok).toBe(false);

    const fromApproved = await post(testimonials.action, { id: approved!.id, status: "rejected" });
    expect(fromApproved.undo?.fields).toEqual({ id: approved!.id, status: "approved", undo: "1" });
    expect((await post(testimonials.action, fromApproved.undo!.fields)).message).toBe("S'ha desfet el rebuig");
    expect((await status(approved!.id)).status).toBe("approved");

    const audit = await bed.ctx.db.select().from(t.auditLog).where(eq(t.auditLog.entityId, pending!.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["reject", "undo-reject"]);
  });

  it("a body that is not a form answers 400", async () => {
    await bed.expectNonFormRefused(testimonials.action);
  });
});
