import { describe, expect, it } from "vitest";
import { adminTestBed } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import * as login from "./login";

describe.each(testBackends())("admin sign-in on %s", (backend) => {
  const bed = adminTestBed(backend);

  it("sign-in is throttled per account after repeated failures, without telling whether the e-mail exists", async () => {
    const attempt = (email: string, password: string) =>
      (login.action as (a: unknown) => Promise<unknown>)(
        routeArgs(bed.ctx, "/admin/login", { method: "POST", body: new URLSearchParams({ email, password }) }),
      ) as Promise<{ data: { error: string }; init: ResponseInit }>;
    for (const email of [`gestor-${backend}@penedes.cat`, `ningu-${backend}@penedes.cat`]) {
      for (let i = 0; i < 5; i++) expect((await attempt(email, "malament")).data.error).toBe("Email o contrasenya incorrectes.");
      const blocked = await attempt(email, "malament");
      expect(blocked.init.status).toBe(429);
      expect(blocked.data.error).toMatch(/^Massa intents fallits\. Per seguretat, torna-ho a provar d'aquí a 15 minuts\.$/);
    }
  });
});
