import { adminPaths } from "~/lib/admin-paths";
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { createCookie } from "react-router";
import { z } from "zod";
import { adminUsers } from "~/db/schema";
import type { AppContext } from "~/infra/app-context.server";
import { findAdminByEmail, normalizeEmail } from "~/models/admin-users.server";
import { recordAudit } from "~/models/audit.server";
import { errorFields, log } from "~/infra/log.server";
import { verifyPassword } from "~/infra/password.server";
import { SITE_NAME } from "~/lib/routes";
import { createSession } from "~/infra/session.server";

export const loginSchema = z.object({
  email: z.string().trim().min(1, "Introdueix el teu correu.").max(254),
  password: z.string().min(1, "Introdueix la contrasenya.").max(1024),
});

export const LOGIN_FAILED = "Email o contrasenya incorrectes.";

// Verifying against a hash even when the account does not exist keeps the answer time the same,
// so the response does not tell whether an e-mail has an account. The hash of a random password
// nobody kept, with the current parameters: made once, so it never costs a hash at run time.
const NO_ACCOUNT_HASH =
  "scrypt$32768$8$1$FL0uagf3fyIvFnR5aYyUzw==$asnRyC6zYDzsFIxywi8ukMXYUUw8p8QpNHVK5z/lb9GMLiIXPaDUeK/hPOPbsOTL1yxmlJdBTQIhZaYWVsRN+A==";

export type SignIn =
  | { kind: "failed" }
  /** The Set-Cookie of a new session. */
  | { kind: "signed-in"; cookie: string }
  /** The password was right and the account has a second factor: the Set-Cookie of the pending step. */
  | { kind: "second-factor"; cookie: string };

/** Checks an e-mail and password (a disabled account fails like a wrong password). Every outcome
 * is in the audit log. Throws HashingBusyError, before any work, when too many passwords are being checked. */
export async function signIn(context: AppContext, email: string, password: string, request?: Request, redirectTo = ""): Promise<SignIn> {
  const admin = await findAdminByEmail(context.db, email);
  const ok = await verifyPassword(password, admin?.passwordHash ?? NO_ACCOUNT_HASH, context.clientKey);
  if (!admin || !ok || admin.disabledAt) {
    await signInFailed(context, request, { id: admin?.id ?? null, email: admin?.email ?? typedAddress(context, email) }, "password");
    return { kind: "failed" };
  }
  if (admin.totpEnabledAt) return { kind: "second-factor", cookie: await startSecondFactor(context, admin.id, redirectTo) };
  return { kind: "signed-in", cookie: await completeSignIn(context, admin, request, "password") };
}

/** What the audit log keeps of the e-mail typed at a failed sign-in for no account: the address
 * when it is a well-formed one, otherwise no text at all (it can be a password typed in the wrong
 * field; issue 29) but a short keyed hash of it, so that staff still see the same text tried again
 * and again, and nobody can test guesses against the log without the server's secret. */
export function typedAddress(context: Pick<AppContext, "sessionSecret">, typed: string): string {
  const email = normalizeEmail(typed);
  if (email.length <= 254 && z.email().safeParse(email).success) return email;
  const digest = createHmac("sha256", `typed-email:${context.sessionSecret}`).update(email).digest("hex").slice(0, 12);
  return `adreça no vàlida #${digest}`;
}

/** A failed sign-in in the audit log: who was tried (the account's address, or the typedAddress), at which step. */
export async function signInFailed(
  context: AppContext,
  request: Request | undefined,
  account: { id: string | null; email: string },
  step: "password" | "totp" | "recovery_code",
) {
  await recordAudit(
    context.db,
    { request, context },
    { id: null, email: account.email },
    {
      entity: "session",
      entityId: account.id,
      action: "sign_in_failed",
      after: { step },
    },
  );
}

/** "3 minuts", "1 hora", "5 hores": how long to wait, rounded up, for a message. */
export function waitWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes <= 90) return `${minutes} ${minutes === 1 ? "minut" : "minuts"}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} ${hours === 1 ? "hora" : "hores"}`;
}

/** What the person is told while the account's ceiling of wrong codes holds (issue 29). At sign-in
 * a recovery code still opens the account: the owner is never locked out by someone else. */
export const codeLockedMessage = (seconds: number, where: "sign-in" | "account") =>
  `Massa codis incorrectes per a aquest compte. Per seguretat, els codis de l'aplicació no s'accepten fins d'aquí a ${waitWords(seconds)}.` +
  (where === "sign-in" ? " Pots entrar amb un codi de recuperació." : "");

/** The account's ceiling of wrong codes has just been reached (login-throttle's countCodeAttempt):
 * whoever tries has the password. It goes in the audit log, in the server's log, and to the owner
 * by e-mail, so that the owner changes the password. Once per window of the ceiling. A message
 * that cannot be sent is logged, and the answer is the same. */
export async function secondFactorLocked(context: AppContext, request: Request | undefined, account: { id: string; email: string }) {
  await recordAudit(
    context.db,
    { request, context },
    { id: null, email: account.email },
    { entity: "session", entityId: account.id, action: "second_factor_locked" },
  );
  log("warn", "second factor: too many wrong codes for one account; its authenticator codes are refused for a while", {
    account: account.id,
  });
  const link = `${context.env.PUBLIC_URL}${adminPaths.adminAccount}`;
  try {
    await context.mailer.sendMail({
      to: account.email,
      subject: `Avís de seguretat: codis de verificació incorrectes al teu compte de ${SITE_NAME}`,
      text:
        `Hola,\n\nAlgú ha escrit la contrasenya del teu compte del backoffice de ${SITE_NAME} i després ha provat molts codis de verificació incorrectes. ` +
        `Per seguretat, durant una estona no s'accepten els codis de l'aplicació d'autenticació.\n\n` +
        `Si no has estat tu, algú coneix la teva contrasenya. Canvia-la tan aviat com puguis (${link}) i avisa l'administrador del lloc.\n\n` +
        `Si has estat tu, pots entrar amb un dels codis de recuperació.\n`,
      html:
        `<p>Hola,</p><p>Algú ha escrit la contrasenya del teu compte del backoffice de ${SITE_NAME} i després ha provat molts codis de verificació incorrectes. ` +
        `Per seguretat, durant una estona no s'accepten els codis de l'aplicació d'autenticació.</p>` +
        `<p>Si no has estat tu, algú coneix la teva contrasenya. <a href="${link}">Canvia-la</a> tan aviat com puguis i avisa l'administrador del lloc.</p>` +
        `<p>Si has estat tu, pots entrar amb un dels codis de recuperació.</p>`,
    });
  } catch (err) {
    log("error", "second factor: the warning to the account's owner could not be sent", { account: account.id, ...errorFields(err) });
  }
}

/** Opens the session, stamps the last sign-in and records it: one transaction. */
export async function completeSignIn(
  context: AppContext,
  admin: { id: string; email: string },
  request: Request | undefined,
  method: "password" | "totp" | "recovery_code" | "invitation",
): Promise<string> {
  return context.db.transaction(async (tx) => {
    const cookie = await createSession({ ...context, db: tx }, admin.id, request);
    await tx.update(adminUsers).set({ lastSignInAt: new Date() }).where(eq(adminUsers.id, admin.id));
    await recordAudit(tx, { request, context }, admin, { entity: "session", entityId: admin.id, action: "sign_in", after: { method } });
    return cookie;
  });
}

// Between the password and the code: a signed cookie naming the account, for five minutes. It
// grants nothing but the right to try codes (throttled per account and client, as passwords are).
export const SECOND_FACTOR_TTL_MS = 5 * 60 * 1000;
const pendingCookie = (context: Pick<AppContext, "env" | "sessionSecret">) =>
  createCookie("pb_2fa", {
    secrets: [context.sessionSecret],
    httpOnly: true,
    sameSite: "lax",
    path: "/admin",
    secure: context.env.PUBLIC_URL.startsWith("https://"),
  });

async function startSecondFactor(context: AppContext, userId: string, redirectTo: string) {
  const expires = Date.now() + SECOND_FACTOR_TTL_MS;
  return pendingCookie(context).serialize({ u: userId, e: expires, r: redirectTo }, { expires: new Date(expires) });
}

/** The account waiting for its code (and where to go after), or null when none or expired. */
export async function pendingSecondFactor(request: Request, context: AppContext) {
  const value = (await pendingCookie(context).parse(request.headers.get("Cookie"))) as { u?: unknown; e?: unknown; r?: unknown } | null;
  if (!value || typeof value.u !== "string" || typeof value.e !== "number" || value.e < Date.now()) return null;
  const admin = await context.db.query.adminUsers.findFirst({ where: eq(adminUsers.id, value.u) });
  if (!admin || admin.disabledAt || !admin.totpEnabledAt || !admin.totpSecret) return null;
  return { admin, redirectTo: typeof value.r === "string" ? value.r : "" };
}

export const clearSecondFactor = (context: AppContext) => pendingCookie(context).serialize("", { expires: new Date(0), maxAge: 0 });

/** Only paths inside the back office, in URL-safe ASCII (a query's other characters come
 * percent-encoded), are followed after sign-in: no open redirect, and nothing a Location header
 * cannot hold (a CR, LF or U+2028 was a 500). Anything else goes to the dashboard. */
export function safeAdminRedirect(to: string | null | undefined): string {
  return to && /^\/admin(\/[a-z0-9-]+)*\/?(\?[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*)?$/.test(to) ? to : adminPaths.adminDashboard;
}
