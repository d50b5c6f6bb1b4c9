import { and, desc, eq, gt } from "drizzle-orm";
import { data } from "react-router";
import type { Route } from "./+types/account";
import { adminUsers, sessions } from "~/db/schema";
import { AccountError, changePassword, passwordSchema, removeSecondFactor } from "~/models/accounts.server";
import { done, failed, readAdminForm } from "~/models/admin.server";
import { idSchema } from "~/lib/admin-schemas";
import { recordAudit } from "~/models/audit.server";
import type { ActionResult } from "~/lib/forms";
import { attemptSucceeded, codeSucceeded, countAttempt, countCodeAttempt, throttledMessage } from "~/infra/login-throttle.server";
import { codeLockedMessage, secondFactorLocked } from "~/models/admin-login.server";
import { HashingBusyError } from "~/infra/password.server";
import { getSetting } from "~/infra/settings.server";
import { endOtherSessions, REQUIRE_TOTP_KEY, requireAdmin } from "~/infra/session.server";
import { acceptTotp, enrolment, newRecoveryCodes, newTotpSecret, recoveryCodesLeft } from "~/infra/totp.server";
import type { AuditAction } from "~/lib/audit-labels";

// The own account (decision 033): password, sessions, second factor. Open to every role.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, sessionId } = await requireAdmin(request, context);
  const [me, mySessions, required] = await Promise.all([
    context.db.query.adminUsers.findFirst({ where: eq(adminUsers.id, user.id) }),
    context.db
      .select({ id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, userAgent: sessions.userAgent })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, new Date())))
      .orderBy(desc(sessions.createdAt)),
    getSetting<boolean>(context.db, REQUIRE_TOTP_KEY),
  ]);
  const enabled = Boolean(me?.totpEnabledAt);
  const pending = !enabled && me?.totpSecret ? await enrolment(me.totpSecret, user.email) : null;
  return {
    email: user.email,
    role: user.role,
    totp: {
      enabled,
      required: required === true,
      pending: pending && { ...pending, secret: me!.totpSecret! },
      codesLeft: enabled ? await recoveryCodesLeft(context.db, user.id) : 0,
    },
    sessions: mySessions.map((s) => ({ ...s, current: s.id === sessionId })),
  };
}

type AccountAnswer = ActionResult & { recoveryCodes?: string[] };
const answer = (result: AccountAnswer, status = 200) => data<AccountAnswer>(result, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const { user, sessionId } = await requireAdmin(request, context);
  const { fields } = await readAdminForm(request, context, {});
  const client = { request, context };
  const audit = (db: typeof context.db, action: AuditAction, after?: Record<string, unknown>) =>
    recordAudit(db, client, user, { entity: "account", entityId: user.id, action, after });
  try {
    switch (fields.intent) {
      case "password": {
        const next = passwordSchema.safeParse(fields.password ?? "");
        if (!next.success) return failed(next.error.issues[0]!.message, 400, { password: next.error.issues[0]!.message });
        if (fields.password !== fields.confirm)
          return failed("Les dues contrasenyes no coincideixen.", 400, { confirm: "Les dues contrasenyes no coincideixen." });
        // The current password is a guess like any other (decision 022).
        const attempt = await countAttempt(context, user.email);
        if (attempt.refused) return failed(throttledMessage(attempt.retryAfter), 429);
        await changePassword(client, user, sessionId, fields.current ?? "", next.data);
        await attemptSucceeded(context, user.email);
        return done("Contrasenya canviada. S'han tancat les altres sessions.");
      }
      case "end-session":
      case "end-others": {
        const one = fields.intent === "end-session" ? idSchema.safeParse(fields.id) : null;
        if (one && !one.success) return failed("Petició no vàlida.");
        const ended = await context.db.transaction(async (tx) => {
          const rows = await endOtherSessions({ db: tx }, user.id, sessionId, one?.data);
          if (rows.length) await audit(tx, "sessions_end", { count: String(rows.length) });
          return rows.length;
        });
        if (one && !ended) return failed("Aquesta sessió ja no existeix.", 404);
        return done(ended === 1 ? "S'ha tancat la sessió." : `S'han tancat ${ended} sessions.`);
      }
      case "totp-start": {
        if (user.totpEnabled) return failed("La verificació en dos passos ja està activada.", 409);
        await context.db.update(adminUsers).set({ totpSecret: newTotpSecret(), totpLastStep: null }).where(eq(adminUsers.id, user.id));
        return done("Escaneja el codi QR amb l'aplicació d'autenticació.");
      }
      case "totp-confirm": {
        const me = await context.db.query.adminUsers.findFirst({ where: eq(adminUsers.id, user.id) });
        if (!me?.totpSecret || me.totpEnabledAt) return failed("Torna a començar l'activació.", 409);
        const codes = await context.db.transaction(async (tx) => {
          if (!(await acceptTotp(tx, user.id, me.totpSecret!, fields.code ?? ""))) return null;
          await tx.update(adminUsers).set({ totpEnabledAt: new Date() }).where(eq(adminUsers.id, user.id));
          const codes = await newRecoveryCodes(tx, user.id);
          await audit(tx, "totp_enable");
          return codes;
        });
        if (!codes)
          return failed("El codi no és correcte. Comprova l'hora del mòbil i torna-ho a provar.", 400, { code: "El codi no és correcte." });
        return answer({ ok: true, message: "Verificació en dos passos activada.", recoveryCodes: codes });
      }
      case "recovery-codes": {
        if (!user.totpEnabled) return failed("Primer activa la verificació en dos passos.", 409);
        const codes = await context.db.transaction(async (tx) => {
          const codes = await newRecoveryCodes(tx, user.id);
          await audit(tx, "recovery_codes_new");
          return codes;
        });
        return answer({ ok: true, message: "Codis de recuperació nous generats. Els anteriors ja no serveixen.", recoveryCodes: codes });
      }
      case "totp-remove": {
        if ((await getSetting<boolean>(context.db, REQUIRE_TOTP_KEY)) === true)
          return failed("La verificació en dos passos és obligatòria per a tots els comptes.", 409);
        const me = await context.db.query.adminUsers.findFirst({ where: eq(adminUsers.id, user.id) });
        if (!me?.totpSecret || !me.totpEnabledAt) return failed("La verificació en dos passos no està activada.", 409);
        // A code is a guess like any other: counted first, per client and against the account's
        // own ceiling, which a stolen session shares with the sign-in's second step (issue 29).
        const attempt = await countCodeAttempt(context, user.id);
        if (attempt.refused) {
          if (attempt.account && attempt.firstRefusal) await secondFactorLocked(context, request, user);
          return failed(attempt.account ? codeLockedMessage(attempt.retryAfter, "account") : throttledMessage(attempt.retryAfter), 429);
        }
        if (!(await acceptTotp(context.db, user.id, me.totpSecret, fields.code ?? "")))
          return failed("El codi no és correcte.", 400, { code: "El codi no és correcte." });
        await codeSucceeded(context, user.id);
        await removeSecondFactor(client, user, user.id);
        return done("Verificació en dos passos desactivada.");
      }
      default:
        return failed("Petició no vàlida.");
    }
  } catch (err) {
    if (err instanceof AccountError) return failed(err.message, err.status);
    if (err instanceof HashingBusyError) return failed("El servidor està ocupat: torna-ho a provar d'aquí a un moment.", 429);
    throw err;
  }
}
