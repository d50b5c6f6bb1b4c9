import { and, eq, inArray, sql } from "drizzle-orm";
import JSZip from "jszip";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import type { Db } from "~/db/client.server";
import { councilDay } from "~/domain/accessibility-requests";
import { oneMonthAfter } from "~/domain/rights";
import { parseEnv } from "~/infra/env.server";
import { createMailer } from "~/infra/mail.server";
import { ACCESSIBILITY_REQUEST_RATE_LIMIT } from "~/infra/rate-limit.server";
import { MESSAGES, RIGHTS_REQUEST_TEXTS } from "~/lib/participation";
import { recordAudit } from "~/models/audit.server";
import { createRightsRequest } from "~/models/participation.server";
import {
  confirmRightsRequest,
  emailHash,
  ERASED,
  findPersonalData,
  rightsConfirmationState,
  rightsConfirmToken,
  RIGHTS_CONFIRMATION_DAYS,
} from "~/models/rights.server";
import * as screen from "~/routes/admin/rights.server";
import * as exporter from "~/routes/admin/rights-export";
import { adminTestBed, signedInAs } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import { sayIn } from "~/test/i18n";
import { startSmtpServer, type TestSmtpServer } from "~/test/smtp";

// People's rights over their data (issue 34, decision 072): the export holds every item tied to an
// address and nothing of another; after erasure the address is nowhere (every text and JSON column
// of every table, the stored files, a new export); the public request needs its e-mail confirmation.

it("a month after a day: the same day of the next month, or that month's last day", () => {
  expect(oneMonthAfter("2026-11-26")).toBe("2026-12-26");
  expect(oneMonthAfter("2026-12-15")).toBe("2027-01-15");
  expect(oneMonthAfter("2027-01-31")).toBe("2027-02-28");
  expect(oneMonthAfter("2028-01-30")).toBe("2028-02-29");
});

const post = (fields: Record<string, string>, path = "/avis-legal-i-privacitat/drets") =>
  new Request(`http://127.0.0.1:3000${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

/** Every text and JSON column of every table, as text, where `needle` occurs (any case). */
async function occurrences(db: Db, needle: string): Promise<string[]> {
  const res = await db.execute(sql`select table_name, column_name, data_type from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'USER-DEFINED')`);
  const cols = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as { table_name: string; column_name: string }[];
  expect(cols.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const c of cols) {
    const hit = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(c.table_name)} where ${sql.identifier(c.column_name)}::text ilike ${`%${needle}%`}`,
    );
    const rows = (Array.isArray(hit) ? hit : (hit as { rows: unknown[] }).rows) as { n: number }[];
    if (Number(rows[0]!.n) > 0) found.push(`${c.table_name}.${c.column_name}`);
  }
  return found;
}

describe.each(testBackends())("people's rights on %s", (backend) => {
  const bed = adminTestBed(backend);
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());
  beforeEach(() => {
    bed.ctx.env = parseEnv({ DATA_DIR: bed.ctx.env.DATA_DIR, SMTP_URL: smtp.url, MAIL_FROM: "Al Penedès <campanya@example.cat>" });
    bed.ctx.mailer = createMailer(bed.ctx.env);
    smtp.received.length = 0;
  });
  const client = (name: string) => ({ ...bed.ctx, clientKey: `${name}-${backend}` });

  const load = async (search = "", cookie = bed.cookie) =>
    (await (screen.loader as (a: unknown) => Promise<unknown>)(
      routeArgs(bed.ctx, `/admin/drets${search}`, { headers: { Cookie: cookie } }),
    )) as Awaited<ReturnType<typeof screen.loader>>;
  const zipOf = async (email: string) => {
    const res = (await (exporter.loader as (a: unknown) => Promise<Response>)(
      routeArgs(bed.ctx, `/admin/drets/exporta?correu=${encodeURIComponent(email)}`, { headers: { Cookie: bed.cookie } }),
    )) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const zip = await JSZip.loadAsync(new Uint8Array(await res.arrayBuffer()));
    const files: Record<string, string> = {};
    for (const name of Object.keys(zip.files)) files[name] = await zip.file(name)!.async("string");
    return files;
  };

  /** One person's data of every kind, and another's beside it. */
  async function seed(email: string, other: string) {
    const db = bed.ctx.db;
    const [r] = await db
      .insert(t.reflections)
      .values({
        reflection: `Més carrils bici (${email.slice(0, 4)})`,
        name: "Anna Dades",
        email,
        privacyAccepted: true,
        answerConsent: true,
      })
      .returning();
    const [m] = await db.insert(t.mapComments).values({ comment: "Falta un pas segur", email: email.toUpperCase() }).returning();
    const [n] = await db.insert(t.newsletterSubscriptions).values({ email, privacyAccepted: true, status: "confirmed" }).returning();
    const [a] = await db
      .insert(t.accessibilityRequests)
      .values({ kind: "communication", name: "Anna", email, about: "/recursos", message: "El PDF no es llegeix", dueOn: "2027-01-01" })
      .returning();
    const [state] = await db.select().from(t.answerStates).limit(1);
    const [answer] = await db
      .insert(t.contributionAnswers)
      .values({ contributionType: "reflection", contributionId: r!.id, stateId: state!.id, text: "Ho estudiarem" })
      .returning();
    await db.insert(t.answerNotifications).values({ answerId: answer!.id });
    const [report] = await db
      .insert(t.contributionReports)
      .values({ contributionType: "map_comment", contributionId: m!.id, reason: "spam", reporterKey: `k-${email}` })
      .returning();
    // Another person's, one of which quotes the address in its text.
    const [o] = await db
      .insert(t.reflections)
      .values({ reflection: `Parleu amb ${email} del carril`, name: "Pere", email: other })
      .returning();
    const [on] = await db.insert(t.newsletterSubscriptions).values({ email: other, privacyAccepted: true }).returning();
    await db.insert(t.mapComments).values({ comment: "Un altre comentari", email: other });
    // A staff action whose record quotes it.
    await recordAudit(
      db,
      { context: bed.ctx },
      { id: null, email: "gestor@penedes.cat" },
      {
        entity: "reflection",
        entityId: o!.id,
        action: "hide",
        before: { reflection: `Parleu amb ${email} del carril` },
      },
    );
    // Follows of a result of the plan (decision 069): the person's by address and as the author of
    // the reflection; another person's beside them.
    const [st] = await db.select().from(t.resultStates).limit(1);
    const [result] = await db
      .insert(t.results)
      .values({ title: `Carril ${email.slice(0, 4)}`, stateId: st!.id, isActive: true })
      .returning();
    const [f] = await db.insert(t.resultFollows).values({ email, resultId: result!.id, status: "confirmed" }).returning();
    const [fa] = await db
      .insert(t.resultFollows)
      .values({ resultId: result!.id, contributionType: "reflection", contributionId: r!.id, status: "confirmed" })
      .returning();
    const [fo] = await db.insert(t.resultFollows).values({ email: other, resultId: result!.id, status: "confirmed" }).returning();
    return { r: r!, m: m!, n: n!, a: a!, answer: answer!, report: report!, o: o!, on: on!, f: f!, fa: fa!, fo: fo! };
  }

  it("refuses bad input in Catalan, storing and sending nothing; limited per client", async () => {
    const before = (await bed.ctx.db.select({ n: sql<number>`count(*)::int` }).from(t.rightsRequests))[0]!.n;
    for (const [fields, field, key] of [
      [{ email: "anna@example.cat" }, "kind", RIGHTS_REQUEST_TEXTS.kindRequired],
      [{ kind: "rectify", email: "anna@example.cat" }, "kind", RIGHTS_REQUEST_TEXTS.kindRequired],
      [{ kind: "access", email: "no-és-un-correu" }, "email", MESSAGES.emailInvalid],
      [{ kind: "access", email: "" }, "email", MESSAGES.emailInvalid],
      [{ kind: "erasure", email: "anna@example.cat", message: "x".repeat(2001) }, "message", RIGHTS_REQUEST_TEXTS.messageTooLong],
    ] as [Record<string, string>, string, string][]) {
      const { status, result } = await createRightsRequest(post(fields), client("bad"));
      expect(status).toBe(400);
      expect(result.ok ? {} : result.errors).toMatchObject({ [field]: key });
      expect(JSON.stringify(result)).not.toContain("anna@example.cat");
    }
    expect(sayIn("ca", RIGHTS_REQUEST_TEXTS.kindRequired)).toBe("Tria si vols una còpia de les dades o que les esborrem.");
    expect((await bed.ctx.db.select({ n: sql<number>`count(*)::int` }).from(t.rightsRequests))[0]!.n).toBe(before);
    expect(smtp.received).toHaveLength(0);
    const limited = client("limited");
    for (let i = 0; i < ACCESSIBILITY_REQUEST_RATE_LIMIT.points; i++)
      expect((await createRightsRequest(post({}), limited)).status).toBe(400);
    const res = await createRightsRequest(post({ kind: "access", email: "anna@example.cat" }), limited);
    expect(res.status).toBe(429);
    expect(res.result.message?.title).toBe(MESSAGES.tooMany);
  });

  it("a public request reaches the staff queue only once confirmed from the e-mail, due a month later", async () => {
    const email = "confirma@example.cat";
    const { status, result } = await createRightsRequest(
      post({ kind: "erasure", email, message: "Esborreu-ho tot" }, "/es/aviso-legal-y-privacidad/derechos"),
      client("public"),
    );
    expect(status).toBe(200);
    expect(result).toEqual({ ok: true, message: RIGHTS_REQUEST_TEXTS.success(RIGHTS_CONFIRMATION_DAYS) });
    const [row] = await bed.ctx.db.select().from(t.rightsRequests).where(eq(t.rightsRequests.email, email));
    expect(row).toMatchObject({
      status: "unconfirmed",
      kind: "erasure",
      locale: "es",
      dueOn: null,
      emailHash: emailHash(bed.ctx.sessionSecret, email),
    });
    // Not in the queue yet.
    expect((await load()).queue.map((q) => q.id)).not.toContain(row!.id);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual([email]);
    expect(mail.parsed.subject).toBe("Confirma tu solicitud sobre tus datos");
    const link = /https?:\/\/\S+\/es\/derechos\/confirmar\/(\S+)/.exec(mail.parsed.text ?? "");
    expect(link).not.toBeNull();
    const token = link![1]!;
    // Asked again at once: the same request, no second e-mail.
    await createRightsRequest(post({ kind: "erasure", email }), client("public"));
    expect(smtp.received).toHaveLength(1);
    // A forged, tampered or expired link confirms nothing.
    const tampered = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
    expect(await rightsConfirmationState(bed.ctx, tampered)).toBe("invalid");
    expect(
      await rightsConfirmationState(
        bed.ctx,
        rightsConfirmToken("another-secret-xxxxxxxxxxxxxxxxxxxxxx", row!.id, new Date(Date.now() + 1e6)),
      ),
    ).toBe("invalid");
    expect(await rightsConfirmationState(bed.ctx, rightsConfirmToken(bed.ctx.sessionSecret, row!.id, new Date(Date.now() - 1000)))).toBe(
      "expired",
    );
    expect((await confirmRightsRequest(bed.ctx, tampered)).outcome).toBe("invalid");
    expect((await load()).queue.map((q) => q.id)).not.toContain(row!.id);
    // Opening the link only asks; the button confirms.
    expect(await rightsConfirmationState(bed.ctx, token)).toBe("pending");
    const confirmed = await confirmRightsRequest(bed.ctx, token);
    expect(confirmed.outcome).toBe("confirmed");
    const [after] = await bed.ctx.db.select().from(t.rightsRequests).where(eq(t.rightsRequests.id, row!.id));
    expect(after).toMatchObject({ status: "pending", dueOn: oneMonthAfter(councilDay(after!.confirmedAt!)) });
    expect((await confirmRightsRequest(bed.ctx, token)).outcome).toBe("already");
    const listed = (await load()).queue.find((q) => q.id === row!.id);
    expect(listed).toMatchObject({ status: "pending", email, dueOn: after!.dueOn });
    // Staff mark it done, and back.
    expect(await bed.post(screen.action, { intent: "done", id: row!.id })).toMatchObject({ ok: true, message: screen.MARKED_DONE });
    expect(await bed.post(screen.action, { intent: "done", id: row!.id })).toMatchObject({ ok: false, status: 409 });
    expect(await bed.post(screen.action, { intent: "reopen", id: row!.id })).toMatchObject({ ok: true, message: screen.MARKED_PENDING });
  });

  it("the export holds every item tied to the address, and nothing of another", async () => {
    const email = "persona.export@example.cat";
    const other = "altra.export@example.cat";
    const s = await seed(email, other);
    const found = await load(`?correu=${encodeURIComponent("  Persona.Export@Example.CAT ")}`);
    expect(found.search).toMatchObject({
      email,
      error: null,
      counts: { reflection: 1, map_comment: 1, newsletter: 1, accessibilityRequests: 1, reports: 1, answers: 1, follows: 2 },
    });
    expect((await load("?correu=no-es-una-adreca")).search).toMatchObject({ error: screen.BAD_ADDRESS });

    const files = await zipOf(email);
    expect(Object.keys(files).sort()).toEqual(
      [
        "dades.json",
        "reflexions.csv",
        "comentaris-mapa.csv",
        "newsletter.csv",
        "denuncies.csv",
        "respostes.csv",
        "sollicituds-accessibilitat.csv",
        "sollicituds-drets.csv",
        "seguiments.csv",
      ].sort(),
    );
    const json = JSON.parse(files["dades.json"]!) as Record<string, { id: string }[]>;
    expect(json.reflexions!.map((r) => r.id)).toEqual([s.r.id]);
    expect(json["comentaris-mapa"]!.map((r) => r.id)).toEqual([s.m.id]);
    expect(json.newsletter!.map((r) => r.id)).toEqual([s.n.id]);
    expect(json["sollicituds-accessibilitat"]!.map((r) => r.id)).toEqual([s.a.id]);
    expect(json.denuncies!.map((r) => r.id)).toEqual([s.report.id]);
    expect(json.respostes!.map((r) => r.id)).toEqual([s.answer.id]);
    expect(json.seguiments!.map((r) => r.id).sort()).toEqual([s.f.id, s.fa.id].sort());
    expect(files["reflexions.csv"]).toContain(s.r.id);
    expect(files["reflexions.csv"]).toContain("Anna Dades");
    expect(files["comentaris-mapa.csv"]).toContain(s.m.id);
    const all = Object.values(files).join("\n");
    expect(all).not.toContain(other);
    expect(all).not.toContain(s.o.id);
    expect(all).not.toContain(s.on.id);
    // The reporter's key is another person's: not in the export.
    expect(all).not.toContain(`k-${email}`);
    // The export is in the audit log, with a hash of the address and never the address.
    const [entry] = await bed.ctx.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, "export"), sql`${t.auditLog.entityId} like 'dades-personals-%'`));
    expect(entry!.entityId).toBe(`dades-personals-${emailHash(bed.ctx.sessionSecret, email).slice(0, 16)}.zip`);
    expect(JSON.stringify(entry)).not.toContain(email);
  });

  it("after erasing the personal fields, the address is nowhere: not in any column of any table, any file or a new export", async () => {
    const email = "persona.esborra@example.cat";
    const other = "altra.esborra@example.cat";
    const s = await seed(email, other);
    // A confirmed request of the person's.
    await createRightsRequest(post({ kind: "erasure", email }), client("erase"));
    const token = /\/drets\/confirma\/(\S+)/.exec(smtp.received.at(-1)!.parsed.text ?? "")![1]!;
    expect((await confirmRightsRequest(bed.ctx, token)).outcome).toBe("confirmed");
    expect((await occurrences(bed.ctx.db, email)).length).toBeGreaterThan(5);

    expect(await bed.post(screen.action, { intent: "erase", email: email.toUpperCase(), mode: "sideways" })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await bed.post(screen.action, { intent: "erase", email: "no-es-una-adreca", mode: "fields" })).toMatchObject({
      ok: false,
      status: 400,
    });
    const erased = await bed.post(screen.action, { intent: "erase", email: email.toUpperCase(), mode: "fields" });
    expect(erased).toMatchObject({ ok: true, message: expect.stringContaining(screen.ERASED_MESSAGE) });

    expect(await occurrences(bed.ctx.db, email)).toEqual([]);
    // The texts stay, anonymous; the consents that needed the address go.
    const [r] = await bed.ctx.db.select().from(t.reflections).where(eq(t.reflections.id, s.r.id));
    expect(r).toMatchObject({ reflection: s.r.reflection, name: null, email: null, answerConsent: false, privacyAccepted: false });
    const [m] = await bed.ctx.db.select().from(t.mapComments).where(eq(t.mapComments.id, s.m.id));
    expect(m).toMatchObject({ comment: "Falta un pas segur", email: null });
    expect(await bed.ctx.db.select().from(t.newsletterSubscriptions).where(eq(t.newsletterSubscriptions.id, s.n.id))).toEqual([]);
    expect(await bed.ctx.db.select().from(t.answerNotifications).where(eq(t.answerNotifications.answerId, s.answer.id))).toEqual([]);
    // The follows go, the address's and the author's; the other person's stays.
    expect(
      (
        await bed.ctx.db
          .select()
          .from(t.resultFollows)
          .where(inArray(t.resultFollows.id, [s.f.id, s.fa.id, s.fo.id]))
      ).map((f) => f.id),
    ).toEqual([s.fo.id]);
    // The other person's data is theirs still; the copy of the address in their text is gone.
    const [o] = await bed.ctx.db.select().from(t.reflections).where(eq(t.reflections.id, s.o.id));
    expect(o).toMatchObject({ email: other, reflection: `Parleu amb ${ERASED} del carril` });
    expect((await bed.ctx.db.select().from(t.newsletterSubscriptions).where(eq(t.newsletterSubscriptions.id, s.on.id))).length).toBe(1);
    // The request is kept, done, with the hash only.
    const hash = emailHash(bed.ctx.sessionSecret, email);
    const requests = await bed.ctx.db.select().from(t.rightsRequests).where(eq(t.rightsRequests.emailHash, hash));
    expect(requests.map((q) => [q.email, q.status])).toEqual([[null, "done"]]);
    // The audit entry keeps the hash and the counts.
    const [entry] = await bed.ctx.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, "personal_data"), eq(t.auditLog.entityId, hash)));
    expect(entry).toMatchObject({ action: "erase", after: expect.objectContaining({ mode: "fields", reflection: "1", map_comment: "1" }) });
    // No stored file holds it, and a new export finds nothing.
    for (const { key } of await bed.ctx.storage.list()) {
      const file = await bed.ctx.storage.get(key);
      const chunks: Buffer[] = [];
      for await (const c of file!.body) chunks.push(Buffer.from(c as Uint8Array));
      expect(Buffer.concat(chunks).toString("latin1").toLowerCase()).not.toContain(email);
    }
    const files = await zipOf(email);
    expect(Object.values(files).join("\n").toLowerCase()).not.toContain(email);
    const json = JSON.parse(files["dades.json"]!) as Record<string, unknown[]>;
    expect(json.reflexions).toEqual([]);
    expect(json.newsletter).toEqual([]);
    // Found again, nothing is tied to the address but its (anonymous) request.
    expect((await findPersonalData(bed.ctx.db, bed.ctx.sessionSecret, email)).contributions.every((c) => c.rows.length === 0)).toBe(true);
  });

  it("erasing whole contributions removes them with their reports, answers and codes; a staff address is refused", async () => {
    const email = "persona.sencera@example.cat";
    const s = await seed(email, "altra.sencera@example.cat");
    expect(await bed.post(screen.action, { intent: "erase", email, mode: "whole" })).toMatchObject({ ok: true });
    expect(await bed.ctx.db.select().from(t.reflections).where(eq(t.reflections.id, s.r.id))).toEqual([]);
    expect(await bed.ctx.db.select().from(t.mapComments).where(eq(t.mapComments.id, s.m.id))).toEqual([]);
    expect(await bed.ctx.db.select().from(t.contributionReports).where(eq(t.contributionReports.id, s.report.id))).toEqual([]);
    expect(await bed.ctx.db.select().from(t.contributionAnswers).where(eq(t.contributionAnswers.id, s.answer.id))).toEqual([]);
    expect(await bed.ctx.db.select().from(t.accessibilityRequests).where(eq(t.accessibilityRequests.id, s.a.id))).toEqual([]);
    expect(await occurrences(bed.ctx.db, email)).toEqual([]);

    await signedInAs(bed.ctx, "editor", "editora@penedes.cat");
    expect(await bed.post(screen.action, { intent: "erase", email: "Editora@penedes.cat", mode: "fields" })).toMatchObject({
      ok: false,
      status: 409,
      error: screen.STAFF_ADDRESS,
    });
    expect((await bed.ctx.db.select().from(t.adminUsers).where(eq(t.adminUsers.email, "editora@penedes.cat"))).length).toBe(1);
    for (const bad of [{ intent: "done", id: "x" }, { intent: "nope" }, {}])
      expect(await bed.post(screen.action, bad as Record<string, string>)).toMatchObject({ ok: false, status: 400 });
    await bed.expectNonFormRefused(screen.action);
  });

  it("is the administrators' only: moderators and editors are refused the screen and the export", async () => {
    const status = (p: Promise<unknown>) =>
      p.then(
        () => 200,
        (e: unknown) => (e instanceof Response ? e.status : (e as { init?: ResponseInit }).init?.status),
      );
    for (const role of ["moderator", "editor"] as const) {
      const { cookie } = await signedInAs(bed.ctx, role);
      expect(await status(load("", cookie))).toBe(403);
      expect(
        await status(
          (exporter.loader as (a: unknown) => Promise<unknown>)(
            routeArgs(bed.ctx, "/admin/drets/exporta?correu=a%40b.cat", { headers: { Cookie: cookie } }),
          ),
        ),
      ).toBe(403);
    }
  });
});
