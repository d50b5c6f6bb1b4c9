import sharp from "sharp";
import { beforeAll, expect } from "vitest";
import type { AppContext } from "~/infra/app-context.server";
import { eq } from "drizzle-orm";
import { adminUsers } from "~/db/schema";
import { ADMIN_SCREEN_LIST, ADMIN_SCREENS, ADMIN_SHELL, screenAddresses, type AdminRole } from "~/domain/admin-screens";
import { ensureAdmin, findAdminByEmail } from "~/models/admin-users.server";
import { hashPassword } from "~/infra/password.server";
import type { ActionResult } from "~/lib/forms";
import { createSession } from "~/infra/session.server";
import { totpStep } from "~/infra/totp.server";
import { routeArgs, setupTestContext } from "./context";
import type { Backend } from "./db";

// What the admin screens' tests share: a migrated database with a signed-in admin, a way to post
// a form (and files) to an action as that admin, and the bytes of real and fake uploads.

type AnyAction = (args: never) => unknown;

/** A guarded admin route at one of its addresses, and the roles its registry entry lets in. */
export interface GuardedRoute {
  file: string;
  /** The registry's path ("/admin/puja/:kind"), and this address of it ("/admin/puja/videos"). */
  pattern: string;
  path: string;
  params: Record<string, string>;
  roles: readonly AdminRole[];
}

/** Every back-office route that asks for a session, from the registry (decision 055), at every
 * address it answers (an export's name spelled `sample`), and the shell's layout, which answers for
 * the pages inside it at the dashboard's address. The sessionless ones (sign-in, sign-out, the
 * /admin redirect, the second factor and the invitation, and the old addresses' redirects) are
 * left out: their tests are beside them. The route walks (routes.test.ts, roles.test.ts) visit these. */
export function guardedAdminRoutes(sample = "reflections.csv"): GuardedRoute[] {
  const { dashboard } = ADMIN_SCREENS;
  return [
    ...ADMIN_SCREEN_LIST.flatMap((s) =>
      s.roles
        ? screenAddresses(s, sample).map((path) => {
            const name = /\/:([^/]+)/.exec(s.path)?.[1];
            return { file: s.file, pattern: s.path, path, params: name ? { [name]: path.split("/").pop()! } : {}, roles: s.roles! };
          })
        : [],
    ),
    { file: ADMIN_SHELL, pattern: dashboard.path, path: dashboard.path, params: {}, roles: dashboard.roles! },
  ];
}

/** The first bytes of an MP4 (ftyp isom), padded to 5,000 bytes. */
export const mp4Head = () => {
  const b = new Uint8Array(5000);
  b.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x69, 0x73, 0x6f, 0x32]);
  return b;
};
/** An HTML page: what a file with a media name must not be taken for. */
export const htmlBytes = () => new TextEncoder().encode("<!doctype html><html><body>" + "x".repeat(5000) + "</body></html>");
export const png = (w = 40, h = 30) =>
  sharp({ create: { width: w, height: h, channels: 3, background: "#c0ffee" } })
    .png()
    .toBuffer();

/** A form's body: fields, and files as multipart when there are any. */
export function formBody(fields: Record<string, string>, files?: Record<string, File>): FormData | URLSearchParams {
  if (!files) return new URLSearchParams(fields);
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  for (const [k, f] of Object.entries(files)) body.set(k, f);
  return body;
}

/** Call inside a describe: the database and the admin's cookie are made before its tests and removed after. */
export function adminTestBed(backend: Backend) {
  const bed = {
    ctx: setupTestContext(backend),
    cookie: "",
    /** Posts fields (and files, as multipart) to an action as the signed-in admin. */
    async post(action: AnyAction, fields: Record<string, string>, files?: Record<string, File>, params = {}) {
      const body = formBody(fields, files);
      const out = (await (action as (a: unknown) => Promise<unknown>)(
        routeArgs(bed.ctx, "/admin/x", { method: "POST", body, headers: { Cookie: bed.cookie }, params }),
      )) as { data: ActionResult; init: ResponseInit | null };
      return { ...out.data, status: out.init?.status ?? 200 };
    },
    /** Whether a file is in storage. */
    stored: (key: string) => bed.ctx.storage.exists(key),
    /** A body that is not a form answers 400 (thrown or returned), never a TypeError or a 500. */
    async expectNonFormRefused(action: AnyAction) {
      const bodies: [string, string][] = [
        ["text/plain", "intent=create"],
        ["multipart/form-data; boundary=X", "--X\r\n\r\nno headers\r\n--X--\r\n"],
        ["multipart/form-data", "x"],
        ["application/x-www-form-urlencoded", "intent=create&title=%00"],
      ];
      for (const [type, body] of bodies) {
        const args = routeArgs(bed.ctx, "/admin/x", { method: "POST", body, headers: { Cookie: bed.cookie, "Content-Type": type } });
        const out = await (action as (a: unknown) => Promise<{ init: ResponseInit | null }>)(args).catch((e: unknown) => e);
        expect(out, `${type}: ${JSON.stringify(out)}`).toMatchObject({ init: { status: 400 } });
      }
    },
  };
  beforeAll(async () => {
    bed.cookie = await signedInAdmin(bed.ctx);
  });
  return bed;
}

/** Creates the admin account and a session for it: the Cookie header that carries it. */
export async function signedInAdmin(ctx: AppContext): Promise<string> {
  await ensureAdmin(ctx.db, "gestor@penedes.cat", "contrasenya-segura");
  const admin = await ctx.db.query.adminUsers.findFirst();
  return (await createSession(ctx, admin!.id)).split(";")[0]!;
}

/** An account with `role` (and its e-mail) and a session for it: the Cookie header and the id. */
export async function signedInAs(ctx: AppContext, role: AdminRole, email = `${role}@penedes.cat`): Promise<{ cookie: string; id: string }> {
  const existing = await findAdminByEmail(ctx.db, email);
  const id = existing
    ? existing.id
    : (
        await ctx.db
          .insert(adminUsers)
          .values({ email, role, passwordHash: await hashPassword("contrasenya-segura") })
          .returning()
      )[0]!.id;
  if (existing) await ctx.db.update(adminUsers).set({ role }).where(eq(adminUsers.id, id));
  return { cookie: (await createSession(ctx, id)).split(";")[0]!, id };
}

/** A six-digit code that is wrong for `secret` now (in no step of the accepted window). */
export function wrongTotpCode(secret: string, seed = 0): string {
  for (let n = seed; ; n = (n + 7919) % 1_000_000) {
    const code = String(n).padStart(6, "0");
    if (totpStep(secret, code) === null) return code;
  }
}
