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

  it("a body that is not a form answers 400", async () => {
    await bed.expectNonFormRefused(testimonials.action);
  });
});
