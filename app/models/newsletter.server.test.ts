import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { newsletterSubscriptions as subs, reflections } from "~/db/schema";
import * as confirmRoute from "~/routes/newsletter/confirm";
import * as unsubscribeRoute from "~/routes/newsletter/unsubscribe";
import { fixClock } from "~/test/clock";
import { messageIn } from "~/test/i18n";
import { createTestContext, routeArgs } from "~/test/context";
import { createPostgresDatabase, createTestDatabase, testBackends } from "~/test/db";
import { startSmtpServer, type TestSmtpServer } from "~/test/smtp";
import { ConfigError, parseEnv } from "~/infra/env.server";
import { createMailer } from "~/infra/mail.server";
import { CONFIRMATION_DAYS, RESEND_INTERVAL_MS, confirmToken, unsubscribeToken } from "~/models/newsletter.server";
import { MESSAGES } from "~/lib/participation";
import { createReflection, subscribeNewsletter } from "~/models/participation.server";
import { withRenderState } from "~/infra/request-state.server";
import { closeRuntime, openRuntime } from "../../server/runtime";

type Ctx = ReturnType<typeof createTestContext>;
const DAY = 24 * 60 * 60 * 1000;

const form = (fields: Record<string, string>, url = "http://127.0.0.1:3000/newsletter") =>
  new Request(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });

/** The site's links in a message's text part. */
const links = (mail: ParsedMail) => {
  const found = (mail.text ?? "").match(/https?:\/\/\S+/g) ?? [];
  const confirm = found.find((u) => u.includes("/newsletter/confirma/"));
  const unsubscribe = found.find((u) => u.includes("/newsletter/baixa/"));
  return { all: found, confirm: confirm!, unsubscribe: unsubscribe! };
};
const tokenOf = (url: string) => decodeURIComponent(new URL(url).pathname.split("/").pop()!);

type LoaderResult = { data: { outcome?: string; state?: string; done?: boolean }; init: { status?: number } | null };

/** Follows a link as the server does: the route's loader (GET) or action (POST) for its token. */
async function follow(
  ctx: Ctx,
  url: string,
  method: "GET" | "POST" = "GET",
): Promise<{ outcome?: string; state?: string; done?: boolean; status: number }> {
  const token = tokenOf(url);
  const route = url.includes("/confirma/") ? confirmRoute : unsubscribeRoute;
  const args = routeArgs(ctx, new URL(url).pathname, {
    method,
    params: { token },
    ...(method === "POST" ? { headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" } : {}),
  });
  const action = (url.includes("/confirma/") ? confirmRoute.action : unsubscribeRoute.action) as unknown as typeof route.loader;
  const fn = method === "GET" ? route.loader : action;
  const result = (await fn(args as never)) as unknown as LoaderResult;
  const answer = { ...result.data, status: result.init?.status ?? 200 };
  // A confirmation link opens a page whose button confirms (issue 29): a person presses it.
  if (method === "GET" && answer.outcome === "pending") {
    const { done: _pressed, ...pressed } = await follow(ctx, url, "POST");
    return pressed;
  }
  return answer;
}

const row = async (ctx: Ctx, email: string) =>
  (
    await ctx.db
      .select()
      .from(subs)
      .where(sql`lower(${subs.email}) = lower(${email})`)
  )[0];

describe.each(testBackends())("newsletter double opt-in and unsubscribe on %s", (backend) => {
  let database: Database;
  let smtp: TestSmtpServer;
  let ctx: Ctx;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    smtp = await startSmtpServer();
  });
  beforeEach(() => {
    // Each test on a clean list, with SMTP configured as in production.
    ctx = createTestContext(database);
    ctx.env = parseEnv({ DATA_DIR: ctx.env.DATA_DIR, SMTP_URL: smtp.url, MAIL_FROM: "Al Penedès <campanya@example.cat>" });
    ctx.mailer = createMailer(ctx.env);
    smtp.received.length = 0;
    smtp.refuse = null;
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    ctx.mailer.close();
    ctx.cleanup();
    await ctx.db.delete(subs);
  });
  afterAll(async () => {
    await smtp.close();
    await database.close();
  });

  it("stores a pending subscription and sends the real confirmation message over SMTP; its link confirms, once", async () => {
    const before = Date.now();
    const res = await subscribeNewsletter(form({ email: "Laia@Example.cat", privacy: "on" }), ctx);
    // The spec's toast, as it was.
    // The spec's title; the text says an e-mail is on its way, to be opened within the link's validity.
    expect(res).toEqual({ status: 200, result: { ok: true, message: MESSAGES.newsletterSuccess(CONFIRMATION_DAYS) } });
    expect(messageIn("ca", MESSAGES.newsletterSuccess(CONFIRMATION_DAYS)).description).toContain(
      `t'hem enviat un correu per confirmar l'adreça. Obre l'enllaç que hi trobaràs en els propers ${CONFIRMATION_DAYS} dies.`,
    );

    const stored = await row(ctx, "laia@example.cat");
    expect(stored).toMatchObject({ status: "pending", source: "newsletter_form", privacyAccepted: true, confirmedAt: null });
    expect(stored!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored!.confirmationSentAt).not.toBeNull();

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to.map((a) => a.toLowerCase())).toEqual(["laia@example.cat"]);
    expect(mail!.parsed.from?.text).toBe('"Al Penedès" <campanya@example.cat>');
    expect(mail!.parsed.subject).toBe("Confirma la teva subscripció a la newsletter");
    expect(mail!.parsed.text).toContain(`caduca d'aquí a ${CONFIRMATION_DAYS} dies`);
    // Catalan elides "de" before the campaign's name (issue 27: not "de Al Penedès").
    expect(mail!.parsed.text).toContain("la newsletter d'Al Penedès, la bici ens mou!");
    expect(mail!.parsed.html).toContain("la newsletter d&#39;Al Penedès, la bici ens mou!");
    expect(`${mail!.parsed.text}${mail!.parsed.html}`).not.toMatch(/\bde Al\b/);
    const { confirm, unsubscribe, all } = links(mail!.parsed);
    expect(confirm.startsWith(`${ctx.env.PUBLIC_URL}/newsletter/confirma/`)).toBe(true);
    expect(mail!.parsed.html).toContain(`href="${confirm}"`);
    // RFC 8058: the one-click headers, naming the same personal link as the body.
    const header = (name: string) => mail!.parsed.headerLines.find((h) => h.key === name)?.line.replace(/\r?\n\s+/g, " ");
    expect(header("list-unsubscribe")).toBe(`List-Unsubscribe: <${unsubscribe}>`);
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    // Opening the link, as a mail gateway's link scanner does (GET, HEAD), confirms nothing: it
    // asks, and the page's button confirms by POST (issue 29).
    const opened = (await confirmRoute.loader(
      routeArgs(ctx, new URL(confirm).pathname, { params: { token: tokenOf(confirm) } }) as never,
    )) as unknown as LoaderResult;
    expect(opened.data).toEqual({ outcome: "pending" });
    expect((await row(ctx, "laia@example.cat"))!.status).toBe("pending");
    for (const url of all) expect(url.toLowerCase(), url).not.toContain("laia");
    for (const url of all) expect(decodeURIComponent(url), url).not.toMatch(/@|%40/);

    expect(await follow(ctx, confirm)).toEqual({ outcome: "confirmed", status: 200 });
    const confirmed = await row(ctx, "laia@example.cat");
    expect(confirmed).toMatchObject({ status: "confirmed", source: "newsletter_form" });
    expect(confirmed!.confirmedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Idempotent: following it again changes nothing and says it is confirmed.
    expect(await follow(ctx, confirm)).toEqual({ outcome: "already", status: 200 });
    expect((await row(ctx, "laia@example.cat"))!.confirmedAt).toEqual(confirmed!.confirmedAt);
    // Subscribing again: the spec's duplicate message, and no e-mail.
    const dup = await subscribeNewsletter(form({ email: "laia@example.cat", privacy: "on" }), ctx);
    expect(dup).toEqual({ status: 409, result: { ok: false, errors: {}, message: MESSAGES.newsletterDuplicate } });
    expect(smtp.received).toHaveLength(1);
  });

  it("the confirmation page is never kept by the page cache", async () => {
    await subscribeNewsletter(form({ email: "cache@example.cat", privacy: "on" }), ctx);
    const { confirm, unsubscribe } = links(smtp.received[0]!.parsed);
    for (const url of [confirm, unsubscribe]) {
      const { state } = await withRenderState(() => follow(ctx, url));
      expect(state.degraded, url).toBe(true);
    }
  });

  it("a pending address asked for again gets the link again (at most every RESEND_INTERVAL_MS), never 'Ja estàs subscrit'", async () => {
    await subscribeNewsletter(form({ email: "pere@example.cat", privacy: "on" }), ctx);
    const again = () => subscribeNewsletter(form({ email: "PERE@example.cat", privacy: "on" }), ctx);
    const minutes = RESEND_INTERVAL_MS / 60_000;
    // A moment later: the message that went out is still on its way, and it says when to ask again.
    expect(await again()).toEqual({ status: 200, result: { ok: true, message: MESSAGES.newsletterRecent(minutes) } });
    expect(messageIn("ca", MESSAGES.newsletterRecent(minutes)).description).toContain(`d'aquí a ${minutes} minuts`);
    expect(smtp.received).toHaveLength(1);
    fixClock(new Date(Date.now() + RESEND_INTERVAL_MS + 60_000));
    expect(await again()).toEqual({ status: 200, result: { ok: true, message: MESSAGES.newsletterResent(CONFIRMATION_DAYS) } });
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[1]!.to.map((a) => a.toLowerCase())).toEqual(["pere@example.cat"]);
    expect((await again()).result).toEqual({ ok: true, message: MESSAGES.newsletterRecent(minutes) });
    expect(smtp.received).toHaveLength(2);
    // Both links work; the subscription is one row. Confirmed, it is 'Ja estàs subscrit' and no mail.
    expect(await follow(ctx, links(smtp.received[1]!.parsed).confirm)).toEqual({ outcome: "confirmed", status: 200 });
    expect(await ctx.db.$count(subs)).toBe(1);
    fixClock(new Date(Date.now() + RESEND_INTERVAL_MS + 60_000));
    expect(await again()).toEqual({ status: 409, result: { ok: false, errors: {}, message: MESSAGES.newsletterDuplicate } });
    expect(smtp.received).toHaveLength(2);
  });

  it("an expired or forged link shows its own page and changes nothing; unconfirmed subscriptions are erased after the expiry", async () => {
    await subscribeNewsletter(form({ email: "old@example.cat", privacy: "on" }), ctx);
    const { confirm } = links(smtp.received[0]!.parsed);
    const token = tokenOf(confirm);
    const [id, exp, sig] = token.split(".");
    const forged = [
      `${id}.${exp}.${sig!.slice(0, -1)}${sig!.endsWith("A") ? "B" : "A"}`,
      `${id}.${(parseInt(exp!, 36) + DAY).toString(36)}.${sig}`,
      `${id}.${sig}`,
      "x",
      confirmToken("another-secret".padEnd(40, "x"), id!, new Date(Date.now() + DAY)),
      // An unsubscribe token does not confirm.
      unsubscribeToken(ctx.sessionSecret, id!),
    ];
    for (const bad of forged) {
      expect(await follow(ctx, `${ctx.env.PUBLIC_URL}/newsletter/confirma/${encodeURIComponent(bad)}`), bad).toEqual({
        outcome: "invalid",
        status: 400,
      });
    }
    expect((await row(ctx, "old@example.cat"))!.status).toBe("pending");

    fixClock(new Date(Date.now() + CONFIRMATION_DAYS * DAY + 60_000));
    expect(await follow(ctx, confirm)).toEqual({ outcome: "expired", status: 410 });
    expect((await row(ctx, "old@example.cat"))!.status).toBe("pending");
    // The next subscription erases the expired one; a confirmed one is kept whatever its age.
    await ctx.db.insert(subs).values({ email: "kept@example.cat", privacyAccepted: true, status: "confirmed", createdAt: new Date(0) });
    await subscribeNewsletter(form({ email: "new@example.cat", privacy: "on" }), ctx);
    expect(await row(ctx, "old@example.cat")).toBeUndefined();
    expect((await row(ctx, "kept@example.cat"))!.status).toBe("confirmed");
    expect((await row(ctx, "new@example.cat"))!.status).toBe("pending");
    // The old link still says it expired (not a 500, not "confirmed").
    expect(await follow(ctx, confirm)).toEqual({ outcome: "expired", status: 410 });
  });

  it("unsubscribes with the link's button or the header's one-click POST, without signing in, idempotently, erasing the address", async () => {
    await subscribeNewsletter(form({ email: "marta@example.cat", privacy: "on" }), ctx);
    const { confirm, unsubscribe } = links(smtp.received[0]!.parsed);
    await follow(ctx, confirm);
    // Opening the link only asks.
    expect(await follow(ctx, unsubscribe)).toEqual({ state: "subscribed", status: 200 });
    expect(await row(ctx, "marta@example.cat")).toBeDefined();
    // The POST a mail client makes from List-Unsubscribe-Post (and the page's button).
    expect(await follow(ctx, unsubscribe, "POST")).toEqual({ state: "gone", done: true, status: 200 });
    expect(await row(ctx, "marta@example.cat")).toBeUndefined();
    expect(await ctx.db.$count(subs)).toBe(0);
    expect(await follow(ctx, unsubscribe, "POST")).toEqual({ state: "gone", done: true, status: 200 });
    expect(await follow(ctx, unsubscribe)).toEqual({ state: "gone", status: 200 });
    // The confirmation link of an erased subscription says so.
    expect(await follow(ctx, confirm)).toEqual({ outcome: "gone", status: 410 });
    // A forged one is refused, and erases nothing.
    await subscribeNewsletter(form({ email: "other@example.cat", privacy: "on" }), ctx);
    const other = tokenOf(links(smtp.received[1]!.parsed).unsubscribe);
    const forged = `${other.split(".")[0]}.${"A".repeat(22)}`;
    expect(await follow(ctx, `${ctx.env.PUBLIC_URL}/newsletter/baixa/${forged}`, "POST")).toEqual({
      state: "invalid",
      done: true,
      status: 400,
    });
    expect(await row(ctx, "other@example.cat")).toBeDefined();
    // A pending subscription can be dropped the same way.
    expect(await follow(ctx, links(smtp.received[1]!.parsed).unsubscribe, "POST")).toMatchObject({ state: "gone" });
    expect(await row(ctx, "other@example.cat")).toBeUndefined();
  });

  it("a sign-up from /es/ carries es, and its confirmation e-mail is Spanish, with links to the Spanish pages (issue 30)", async () => {
    const res = await subscribeNewsletter(form({ email: "lucia@example.cat", privacy: "on" }, "http://127.0.0.1:3000/es/newsletter"), ctx);
    expect(res).toEqual({ status: 200, result: { ok: true, message: MESSAGES.newsletterSuccess(CONFIRMATION_DAYS) } });
    expect(messageIn("es", MESSAGES.newsletterSuccess(CONFIRMATION_DAYS)).title).toBe("¡Suscripción confirmada!");
    expect(await row(ctx, "lucia@example.cat")).toMatchObject({ status: "pending", locale: "es" });

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!.parsed;
    expect(mail.subject).toBe("Confirma tu suscripción a la newsletter");
    expect(mail.text).toContain(
      "Hemos recibido una petición para suscribir esta dirección a la newsletter de Al Penedès, la bici ens mou!",
    );
    expect(mail.text).toContain(`caduca dentro de ${CONFIRMATION_DAYS} días`);
    expect(mail.html).toContain('<html lang="es">');
    // The campaign's name stays Catalan, and says so (WCAG 3.1.2).
    expect(mail.html).toContain('<span lang="ca">Al Penedès, la bici ens mou!</span>');
    for (const catalan of ["Confirma la teva", "Hem rebut", "Dona't de baixa", "d'aquí a"])
      expect(`${mail.text}${mail.html}`).not.toContain(catalan);
    const found = (mail.text ?? "").match(/https?:\/\/\S+/g) ?? [];
    const confirm = found.find((u) => u.includes("/es/newsletter/confirmar/"));
    const unsubscribe = found.find((u) => u.includes("/es/newsletter/baja/"));
    expect(confirm).toBeDefined();
    expect(unsubscribe).toBeDefined();
    const header = mail.headerLines.find((h) => h.key === "list-unsubscribe")?.line.replace(/\r?\n\s+/g, " ");
    expect(header).toBe(`List-Unsubscribe: <${unsubscribe}>`);
    // The Spanish link confirms, as the Catalan one does.
    const token = tokenOf(confirm!);
    const args = (method: "GET" | "POST") =>
      routeArgs(ctx, new URL(confirm!).pathname, { method, params: { token } }) as unknown as Parameters<typeof confirmRoute.loader>[0];
    expect(((await confirmRoute.loader(args("GET"))) as unknown as LoaderResult).data.outcome).toBe("pending");
    expect(((await confirmRoute.action(args("POST") as never)) as unknown as LoaderResult).data.outcome).toBe("confirmed");
    expect(await row(ctx, "lucia@example.cat")).toMatchObject({ status: "confirmed", locale: "es" });
  });

  it("a pending address asked for again from another language gets the next e-mail in that language", async () => {
    await subscribeNewsletter(form({ email: "pau@example.cat", privacy: "on" }), ctx);
    expect(smtp.received[0]!.parsed.subject).toBe("Confirma la teva subscripció a la newsletter");
    fixClock(new Date(Date.now() + RESEND_INTERVAL_MS + 60_000));
    await subscribeNewsletter(form({ email: "pau@example.cat", privacy: "on" }, "http://127.0.0.1:3000/en/newsletter"), ctx);
    expect(await row(ctx, "pau@example.cat")).toMatchObject({ status: "pending", locale: "en" });
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[1]!.parsed.subject).toBe("Confirm your subscription to the newsletter");
    expect(smtp.received[1]!.parsed.text).toContain("/en/newsletter/confirm/");
  });

  it("a reflection sent from /en/ carries en, and its author's confirmation e-mail is English", async () => {
    const res = await createReflection(
      form(
        { reflection: "More cycle lanes, please", email: "sam@example.cat", privacy: "on" },
        "http://127.0.0.1:3000/en/take-part/reflection",
      ),
      ctx,
    );
    expect(res.status).toBe(200);
    // Its card is on the English contributions page.
    expect(res.result.ok && res.result.view).toMatch(/^\/en\/contributions\?tipus=reflection#aportacio-/);
    const [stored] = await ctx.db
      .select({ locale: reflections.locale })
      .from(reflections)
      .where(eq(reflections.reflection, "More cycle lanes, please"));
    expect(stored).toEqual({ locale: "en" });
    expect(await row(ctx, "sam@example.cat")).toMatchObject({ source: "reflection", locale: "en" });
    const mail = smtp.received[0]!.parsed;
    expect(mail.subject).toBe("Confirm your subscription to the newsletter");
    expect(mail.text).toContain("When you sent a reflection to the Al Penedès, la bici ens mou! website");
    expect(mail.html).toContain('<html lang="en">');
  });

  it("a reflection whose author ticked the box becomes a pending subscription with the same confirmation e-mail", async () => {
    const reflection = (fields: Record<string, string>) =>
      createReflection(form({ reflection: "Més carrils bici!", ...fields }, "http://127.0.0.1:3000/participa/reflexio"), ctx);
    expect((await reflection({ email: "jordi@example.cat", privacy: "on" })).status).toBe(200);
    expect(await row(ctx, "jordi@example.cat")).toMatchObject({ status: "pending", source: "reflection" });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.parsed.text).toContain("Quan vas enviar una reflexió");
    expect(smtp.received[0]!.parsed.headerLines.some((h) => h.key === "list-unsubscribe-post")).toBe(true);
    expect(await follow(ctx, links(smtp.received[0]!.parsed).confirm)).toEqual({ outcome: "confirmed", status: 200 });

    // Already subscribed: the reflection is stored, nothing is sent.
    expect((await reflection({ email: "JORDI@example.cat", privacy: "on" })).status).toBe(200);
    expect(smtp.received).toHaveLength(1);
    // No box ticked, or no address: no subscription.
    expect((await reflection({ name: "Anna" })).status).toBe(200);
    expect(await ctx.db.$count(subs)).toBe(1);
    expect(await ctx.db.$count(reflections, eq(reflections.reflection, "Més carrils bici!"))).toBeGreaterThanOrEqual(3);
    expect(smtp.received).toHaveLength(1);
  });

  it("when the SMTP server refuses, the subscription is kept, the failure logged, and the next request sends it", async () => {
    const errors: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (errors.push(String(chunk)), true));
    smtp.refuse = "Mailbox unavailable";
    const res = await subscribeNewsletter(form({ email: "refused@example.cat", privacy: "on" }), ctx);
    // No e-mail is on its way: the page says so (the spec's failure), and asking again sends it.
    expect(res).toEqual({ status: 502, result: { ok: false, errors: {}, message: { title: MESSAGES.newsletterError } } });
    expect(await row(ctx, "refused@example.cat")).toMatchObject({ status: "pending", confirmationSentAt: null });
    expect(smtp.received).toHaveLength(0);
    const logged = errors.map((line) => JSON.parse(line) as { msg: string; err: string; subscription: string });
    expect(logged).toEqual([
      expect.objectContaining({ msg: "newsletter confirmation e-mail failed", subscription: (await row(ctx, "refused@example.cat"))!.id }),
    ]);
    expect(logged[0]!.err).toContain("Mailbox unavailable");

    // No retry in the background: the person asks again (no need to wait the resend interval).
    smtp.refuse = null;
    expect((await subscribeNewsletter(form({ email: "refused@example.cat", privacy: "on" }), ctx)).result).toEqual({
      ok: true,
      message: MESSAGES.newsletterResent(CONFIRMATION_DAYS),
    });
    expect(smtp.received).toHaveLength(1);
    expect(await follow(ctx, links(smtp.received[0]!.parsed).confirm)).toMatchObject({ outcome: "confirmed" });
  });

  it("an SMTP server that cannot be reached is a logged failure too, not a 500", async () => {
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    ctx.mailer.close();
    ctx.env = parseEnv({ DATA_DIR: ctx.env.DATA_DIR, SMTP_URL: "smtp://127.0.0.1:1", MAIL_FROM: "campanya@example.cat" });
    ctx.mailer = createMailer(ctx.env);
    const res = await subscribeNewsletter(form({ email: "nowhere@example.cat", privacy: "on" }), ctx);
    expect(res.status).toBe(502);
    expect(await row(ctx, "nowhere@example.cat")).toMatchObject({ status: "pending", confirmationSentAt: null });
  });

  it("with no SMTP_URL, the message is a readable .eml in DATA_DIR/outbox whose link confirms", async () => {
    ctx.mailer.close();
    ctx.env = parseEnv({ DATA_DIR: ctx.env.DATA_DIR });
    ctx.mailer = createMailer(ctx.env);
    const outbox = path.join(ctx.env.DATA_DIR, "outbox");
    expect(ctx.mailer.destination).toBe(outbox);
    await subscribeNewsletter(form({ email: "outbox@example.cat", privacy: "on" }), ctx);
    await subscribeNewsletter(form({ email: "outbox2@example.cat", privacy: "on" }), ctx);
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(2);
    expect(files.every((f) => /^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{6}\.eml$/.test(f))).toBe(true);
    // Named by time: the first one sorts first.
    const first = await simpleParser(fs.readFileSync(path.join(outbox, files.sort()[0]!)));
    expect(first.to && "text" in first.to ? first.to.text : "").toBe("outbox@example.cat");
    expect(first.subject).toBe("Confirma la teva subscripció a la newsletter");
    expect(first.headerLines.some((h) => h.key === "list-unsubscribe-post")).toBe(true);
    expect(await follow(ctx, links(first).confirm)).toEqual({ outcome: "confirmed", status: 200 });
    expect((await row(ctx, "outbox@example.cat"))!.status).toBe("confirmed");
  });
});

describe.each(testBackends())("at start, on %s", (backend) => {
  it("erases the unconfirmed subscriptions that expired while the site was down, and picks the outbox", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-runtime-"));
    const pg = backend === "postgres" ? await createPostgresDatabase() : null;
    const env = parseEnv({ DATA_DIR: dir, DATABASE_URL: pg?.url });
    try {
      let runtime = await openRuntime(env);
      const old = new Date(Date.now() - (CONFIRMATION_DAYS + 1) * DAY);
      await runtime.database.db.insert(subs).values([
        { email: "expired@example.cat", privacyAccepted: true, status: "pending", createdAt: old },
        { email: "recent@example.cat", privacyAccepted: true, status: "pending", createdAt: new Date() },
        { email: "confirmed@example.cat", privacyAccepted: true, status: "confirmed", createdAt: old },
      ]);
      await closeRuntime(runtime);
      runtime = await openRuntime(env);
      const emails = (await runtime.database.db.select({ email: subs.email }).from(subs)).map((r) => r.email).sort();
      expect(emails).toEqual(["confirmed@example.cat", "recent@example.cat"]);
      expect(runtime.mailer.destination).toBe(path.join(dir, "outbox"));
      await closeRuntime(runtime);
    } finally {
      await pg?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // Opening a PGlite folder twice (migrations included) is slow on a loaded machine.
  }, 180_000);
});

describe("mail configuration", () => {
  it("takes SMTP_URL with MAIL_FROM, as an address or a name and an address", () => {
    expect(parseEnv({ SMTP_URL: "smtp://u:p@mail.example.cat:587", MAIL_FROM: "campanya@example.cat" }).SMTP_URL).toBe(
      "smtp://u:p@mail.example.cat:587",
    );
    expect(parseEnv({ SMTP_URL: "smtps://mail.example.cat", MAIL_FROM: "Al Penedès <campanya@example.cat>" }).MAIL_FROM).toBe(
      "Al Penedès <campanya@example.cat>",
    );
    expect(parseEnv({ SMTP_URL: "", MAIL_FROM: "" }).SMTP_URL).toBeUndefined();
  });

  it.each([
    [{ SMTP_URL: "http://mail.example.cat" }, "SMTP_URL: ha de ser una URL smtp:// o smtps://"],
    [{ SMTP_URL: "smtp://mail.example.cat:587" }, "MAIL_FROM: cal donar MAIL_FROM (el remitent) quan es dona SMTP_URL"],
    [{ MAIL_FROM: "no és una adreça" }, "MAIL_FROM: ha de ser una adreça de correu"],
    [{ MAIL_FROM: "Campanya <no és una adreça>" }, "MAIL_FROM: ha de ser una adreça de correu"],
  ])("refuses %j with a readable message", (source, expected) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(expected);
  });

  it("names the SMTP server without its credentials", () => {
    const mailer = createMailer(parseEnv({ SMTP_URL: "smtp://u:secret@mail.example.cat:587", MAIL_FROM: "a@example.cat" }));
    expect(mailer.destination).toBe("smtp://mail.example.cat:587");
    mailer.close();
  });
});
