import { setTimeout as sleep } from "node:timers/promises";
import { desc, eq } from "drizzle-orm";
import * as t from "~/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { ensureAdmin } from "~/models/admin-users.server";
import { ACCOUNT_BUDGET, ACCOUNT_DELAY_MS, CLIENT_LIMIT, countAttempt, PAIR_LIMIT } from "~/infra/login-throttle.server";
import { hashPassword, HASHING } from "~/infra/password.server";
import { createSession } from "~/infra/session.server";
import { createTestContext, routeArgs } from "~/test/context";
import { createTestDatabase, testBackends } from "~/test/db";
import { logLines } from "~/test/log";
import { action, loader } from "./login.server";

const PASSWORD = "contrasenya-segura";
const THROTTLED = /^Massa intents fallits\. Per seguretat, torna-ho a provar d'aquí a \d+ minuts?\.$/;

/** The action's answer as the server would send it: a redirect (Response) or data with its init. */
async function answer(result: unknown) {
  if (result instanceof Response) return { status: result.status, headers: result.headers, error: undefined };
  const { data, init } = result as { data: { error: string }; init: ResponseInit | null };
  return { status: init?.status ?? 200, headers: new Headers(init?.headers), error: data.error };
}

describe.each(testBackends())("sign-in under attack on %s", (backend) => {
  let database: Database;
  let ctx: ReturnType<typeof createTestContext>;
  const email = `gestor-${backend}@penedes.cat`;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ctx = createTestContext(database);
    await ensureAdmin(ctx.db, email, PASSWORD);
  });
  afterAll(async () => {
    await database.close();
    ctx.cleanup();
  });

  const signIn = (clientKey: string, password: string, as = email, redirectTo?: string) =>
    action(
      routeArgs({ ...ctx, clientKey }, "/admin/login", {
        method: "POST",
        body: new URLSearchParams({ email: as, password, ...(redirectTo === undefined ? {} : { redirectTo }) }),
      }) as unknown as Parameters<typeof action>[0],
    ).then(answer);

  it("200 concurrent wrong passwords from one client make at most the pair's guesses; the owner signs in from another client meanwhile", async () => {
    const burst = Array.from({ length: 200 }, (_, i) => signIn("attacker", `malament-${i}`));
    const owner = signIn("owner-laptop", PASSWORD);
    const answers = await Promise.all(burst);
    const guesses = answers.filter((a) => a.status === 401);
    const refused = answers.filter((a) => a.status === 429);
    expect(guesses.length).toBeGreaterThan(0);
    expect(guesses.length).toBeLessThanOrEqual(PAIR_LIMIT.points);
    expect(guesses.length + refused.length).toBe(200);
    for (const r of refused) {
      expect(r.error).toMatch(THROTTLED);
      expect(Number(r.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    const ok = await owner;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Set-Cookie")).toMatch(/^pb_session=/);
    // Afterwards, one at a time: the attacker has only what is left of the pair's guesses (a burst
    // refused by the hashing queue, which one client may hold one place of, made no guess), then
    // stays blocked (15 minutes); the owner is not.
    let more = 0;
    while ((await signIn("attacker", `malament-després-${more}`)).status === 401) more++;
    expect(guesses.length + more).toBeLessThanOrEqual(PAIR_LIMIT.points);
    const later = await signIn("attacker", PASSWORD);
    expect(later.status).toBe(429);
    expect(Number(later.headers.get("Retry-After"))).toBeGreaterThan(PAIR_LIMIT.blockDuration - 60);
    expect((await signIn("owner-phone", PASSWORD)).status).toBe(302);
  });

  it("a client is limited across accounts too", async () => {
    const answers = [];
    for (let i = 0; i < CLIENT_LIMIT.points + 5; i++)
      answers.push(await signIn("scanner", "malament", `compte-${i}-${backend}@penedes.cat`));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(CLIENT_LIMIT.points);
    expect(answers.slice(CLIENT_LIMIT.points).every((a) => a.status === 429 && a.headers.has("Retry-After"))).toBe(true);
  });

  it("an account tried from many clients is slowed down and reported, not locked: its owner still signs in", async () => {
    const target = `atacat-${backend}@penedes.cat`;
    await ensureAdmin(ctx.db, target, PASSWORD);
    for (let i = 0; i < ACCOUNT_BUDGET.points; i++) {
      expect(await countAttempt({ ...ctx, clientKey: `botnet-${i}` }, target)).toEqual({ refused: false, delayMs: 0 });
    }
    const lines = await logLines(async () => {
      const started = Date.now();
      const owner = await signIn("owner-office", PASSWORD, target);
      expect(owner.status).toBe(302);
      expect(Date.now() - started).toBeGreaterThanOrEqual(ACCOUNT_DELAY_MS - 50);
    });
    const warning = lines.find((l) => l.level === "warn");
    expect(warning?.msg).toMatch(/tried from many clients/);
    expect(JSON.stringify(warning)).not.toContain(target);
  });

  it("while hashing is full, an attempt is refused at once with Retry-After and not counted", async () => {
    const clientKey = "busy-client";
    // An account of its own, not slowed down by the tests above.
    const email = `busy-${backend}@penedes.cat`;
    await ensureAdmin(ctx.db, email, PASSWORD);
    // Keep the hashing queue full (each hash that ends is replaced, twice over) until the answer.
    let answered = false;
    const pump = (): Promise<void> =>
      answered ? Promise.resolve() : hashPassword("ocupat").then(pump, () => (answered ? undefined : sleep(5).then(pump)));
    const pumps = Array.from({ length: HASHING.running + HASHING.waiting + 2 }, pump);
    const busy = await signIn(clientKey, "malament", email);
    answered = true;
    await Promise.all(pumps);
    expect(busy.status).toBe(429);
    expect(busy.error).toMatch(THROTTLED);
    expect(busy.headers.get("Retry-After")).toBe("1");
    // The refused attempt was given back: the pair still has all its guesses.
    for (let i = 0; i < PAIR_LIMIT.points; i++) expect((await signIn(clientKey, "malament", email)).status).toBe(401);
    expect((await signIn(clientKey, "malament", email)).status).toBe(429);
  });

  it("redirectTo holding CR, LF, U+2028 or other non-URL characters goes to the dashboard, never a 500", async () => {
    // An account of its own: the tests above slowed the first one down (seconds a sign-in).
    const email = `redirects-${backend}@penedes.cat`;
    await ensureAdmin(ctx.db, email, PASSWORD);
    const cases = [
      "/admin/dashboard\r\nSet-Cookie: x=1",
      "/admin/activitats\n",
      "/admin?x=\u2028",
      "/admin/\u2028",
      "/admin?q=é",
      "//evil.example",
      "/admin/../x",
    ];
    for (const redirectTo of cases) {
      const res = await signIn(`redirect-${cases.indexOf(redirectTo)}`, PASSWORD, email, redirectTo);
      expect(res.status, JSON.stringify(redirectTo)).toBe(302);
      expect(res.headers.get("Location"), JSON.stringify(redirectTo)).toBe("/admin/dashboard");
    }
    const kept = await signIn("redirect-ok", PASSWORD, email, "/admin/pagines-aterratge?tab=pendents&q=carril%20bici");
    expect(kept.headers.get("Location")).toBe("/admin/pagines-aterratge?tab=pendents&q=carril%20bici");

    // The loader, for an admin already signed in (the address as a browser sends it, percent-encoded).
    const admin = await ctx.db.query.adminUsers.findFirst({ where: (u, { eq }) => eq(u.email, email) });
    const cookie = (await createSession(ctx, admin!.id)).split(";")[0]!;
    for (const to of ["%2Fadmin%0D%0AX%3A%201", "%2Fadmin%3Fx%3D%E2%80%A8", "/admin/x%E2%80%A8"]) {
      const thrown = await loader(
        routeArgs(ctx, `/admin/login?redirectTo=${to}`, { headers: { Cookie: cookie } }) as unknown as Parameters<typeof loader>[0],
      ).catch((e: unknown) => e);
      expect(thrown, to).toBeInstanceOf(Response);
      expect((thrown as Response).headers.get("Location"), to).toBe("/admin/dashboard");
    }
  });

  it("a failed sign-in leaves no free text in the audit log: a well-formed address, the account's own, or a keyed hash (issue 29)", async () => {
    const failedEntries = () =>
      ctx.db.select().from(t.auditLog).where(eq(t.auditLog.action, "sign_in_failed")).orderBy(desc(t.auditLog.at), desc(t.auditLog.id));
    const typed = async (what: string, client: string) => {
      expect((await signIn(client, "malament", what)).status).toBe(401);
      return (await failedEntries())[0]!.actorEmail;
    };
    // A password typed into the e-mail field is not kept, nor anything long, nor any text that is no address.
    const password = "Contrasenya-Secreta-2026!";
    const kept = await typed(password, "audit-1");
    expect(kept).toMatch(/^adreça no vàlida #[0-9a-f]{12}$/);
    expect(await typed(`${"x".repeat(240)}@`, "audit-2")).toMatch(/^adreça no vàlida #[0-9a-f]{12}$/);
    // The same text gives the same mark (staff see it tried again); another text another one.
    expect(await typed(password, "audit-3")).toBe(kept);
    expect(await typed("una altra cosa", "audit-4")).not.toBe(kept);
    expect(JSON.stringify(await failedEntries())).not.toContain("Secreta");
    // A well-formed address is kept (lower case); an account's is its own.
    expect(await typed("  Algu@Exemple.CAT ", "audit-5")).toBe("algu@exemple.cat");
    expect(await typed(email.toUpperCase(), "audit-6")).toBe(email);
  });
});
