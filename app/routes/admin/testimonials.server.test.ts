import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { signedInAs } from "~/test/admin";
import { routeArgs, setupTestContext } from "~/test/context";
import { testBackends } from "~/test/db";
import * as testimonials from "./testimonials.server";

// The testimonials screen is a view of the moderation queue (decision 051): testimonials only, in
// the queue's statuses, with their audio; its old addresses redirect; deleting is offered to
// administrators only.

describe.each(testBackends())("the testimonials view on %s", (backend) => {
  const ctx = setupTestContext(backend);

  const open = async (path: string, role: "administrator" | "moderator" = "moderator") => {
    const { cookie } = await signedInAs(ctx, role);
    try {
      return await testimonials.loader(routeArgs(ctx, path, { headers: { Cookie: cookie } }) as never);
    } catch (thrown) {
      return thrown;
    }
  };

  it("lists testimonials only, by the queue's status, each with its audio's address", async () => {
    await ctx.db.insert(t.reflections).values({ reflection: "Una reflexió pendent", status: "pending" });
    await ctx.db.insert(t.testimonials).values([
      { title: "Pendent", category: "infants", audioKey: "audio/00000000-0000-4000-8000-000000000001.weba" },
      { title: "Publicat", category: "laboral", audioKey: "audio/00000000-0000-4000-8000-000000000002.weba", status: "published" },
      { title: "Amagat", category: "laboral", audioKey: "audio/00000000-0000-4000-8000-000000000003.weba", status: "hidden" },
    ]);
    const pending = (await open("/admin/testimonis")) as Awaited<ReturnType<typeof testimonials.loader>>;
    expect(pending.only).toBe("testimonial");
    expect(pending.items.map((i) => [i.type, i.text, i.audioUrl])).toEqual([
      ["testimonial", "Pendent", "/media/audio/00000000-0000-4000-8000-000000000001.weba"],
    ]);
    // The counts are the testimonials' (the pending reflection is not among them).
    expect(pending.counts).toEqual({ pending: 1, published: 1, hidden: 1 });
    const hidden = (await open("/admin/testimonis?estat=hidden&ambit=laboral")) as typeof pending;
    expect(hidden.items.map((i) => i.text)).toEqual(["Amagat"]);
    // A type in the address cannot widen the view.
    const widened = (await open("/admin/testimonis?tipus=reflection")) as typeof pending;
    expect(widened.items.map((i) => i.type)).toEqual(["testimonial"]);
  });

  it("offers deleting to administrators only", async () => {
    expect(((await open("/admin/testimonis", "moderator")) as { canDelete: boolean }).canDelete).toBe(false);
    expect(((await open("/admin/testimonis", "administrator")) as { canDelete: boolean }).canDelete).toBe(true);
  });

  it("the list's old addresses (the spec's statuses, ?theme=) redirect to the same view", async () => {
    for (const [from, to] of [
      ["/admin/testimonis?status=approved&theme=infants", "/admin/testimonis?estat=published&ambit=infants"],
      ["/admin/testimonis?status=rejected", "/admin/testimonis?estat=hidden"],
      ["/admin/testimonis?status=pending&q=escola", "/admin/testimonis?estat=pending&q=escola"],
      ["/admin/testimonis?status=published", "/admin/testimonis?estat=published"],
      ["/admin/testimonis?theme=laboral", "/admin/testimonis?ambit=laboral"],
    ]) {
      const answer = (await open(from!)) as Response;
      expect(answer.status, from).toBe(301);
      expect(answer.headers.get("Location"), from).toBe(to);
    }
  });
});
