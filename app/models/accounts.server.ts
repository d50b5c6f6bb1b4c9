import { adminPaths } from "~/lib/admin-paths";
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { adminInvitations, adminUsers, recoveryCodes, sessions } from "~/db/schema";
import { adminRoles, ROLE_LABELS, type AdminRole } from "~/domain/roles";
import type { AppContext } from "~/infra/app-context.server";
import { findAdminByEmail, normalizeEmail } from "~/models/admin-users.server";
import { recordAudit, type AuditActor } from "~/models/audit.server";
import { hashPassword, verifyPassword } from "~/infra/password.server";
import { OF_SITE_NAME } from "~/lib/routes";

// Staff accounts (decision 032): invitations, roles, disabling, passwords. Every change and its
// audit entry are one transaction; a change that would leave no active administrator is refused.

export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;
export const PASSWORD_MIN = 10;

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `La contrasenya ha de tenir com a mínim ${PASSWORD_MIN} caràcters.`)
  .max(1024, "La contrasenya és massa llarga.");
export const inviteSchema = z.object({
  email: z.email({ error: "El correu no és vàlid." }).max(254, "El correu és massa llarg."),
  role: z.enum(adminRoles, { error: "Tria un rol." }),
});

/** A refusal worded for the person: nothing was changed. */
export class AccountError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export const LAST_ADMIN = "Ha de quedar com a mínim un administrador actiu.";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

interface Client {
  request?: Request;
  context: AppContext;
}

/** The administrators that would still be active: checked inside the change's transaction, with
 * their rows locked, so two changes at once cannot both remove "the other" administrator. */
async function assertAnAdministratorLeft(tx: Db) {
  const rows = await tx
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, "administrator"), isNull(adminUsers.disabledAt)))
    .for("update");
  if (rows.length === 0) throw new AccountError(LAST_ADMIN, 409);
}

/** The accounts and the invitations not yet accepted nor expired, for the accounts screen. */
export async function listAccounts(db: Db) {
  const [accounts, invitations] = await Promise.all([
    db
      .select({
        id: adminUsers.id,
        email: adminUsers.email,
        role: adminUsers.role,
        disabledAt: adminUsers.disabledAt,
        lastSignInAt: adminUsers.lastSignInAt,
        totpEnabledAt: adminUsers.totpEnabledAt,
        createdAt: adminUsers.createdAt,
      })
      .from(adminUsers)
      .orderBy(asc(adminUsers.email)),
    db
      .select({
        id: adminInvitations.id,
        email: adminInvitations.email,
        role: adminInvitations.role,
        expiresAt: adminInvitations.expiresAt,
      })
      .from(adminInvitations)
      .where(and(isNull(adminInvitations.acceptedAt), gt(adminInvitations.expiresAt, new Date())))
      .orderBy(asc(adminInvitations.email)),
  ]);
  return { accounts, invitations };
}

/** Invites a colleague: a link that sets a password once, before it expires, sent by e-mail in the
 * same transaction (a message that cannot be sent leaves no invitation). An earlier pending
 * invitation to the same address stops working. */
export async function invite({ request, context }: Client, actor: AuditActor, input: { email: string; role: AdminRole }) {
  const email = normalizeEmail(input.email);
  if (await findAdminByEmail(context.db, email)) throw new AccountError("Ja hi ha un compte amb aquest correu.", 409);
  const token = randomBytes(32).toString("base64url");
  const link = `${context.env.PUBLIC_URL}${adminPaths.adminInvitation}/${token}`;
  await context.db.transaction(async (tx) => {
    await tx.delete(adminInvitations).where(and(sql`lower(${adminInvitations.email}) = ${email}`, isNull(adminInvitations.acceptedAt)));
    const [row] = await tx
      .insert(adminInvitations)
      .values({
        email,
        role: input.role,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        invitedBy: actor.id,
      })
      .returning({ id: adminInvitations.id });
    await recordAudit(tx, { request, context }, actor, {
      entity: "account",
      entityId: row!.id,
      action: "invite",
      after: { email, role: input.role },
    });
    const role = ROLE_LABELS[input.role].toLowerCase();
    await context.mailer.sendMail({
      to: email,
      subject: `Invitació al backoffice ${OF_SITE_NAME}`,
      text: `Hola,\n\nT'han convidat a entrar al backoffice ${OF_SITE_NAME} com a ${role}.\n\nTria la teva contrasenya en aquest enllaç (caduca d'aquí a 3 dies i només es pot fer servir una vegada):\n${link}\n\nSi no esperaves aquest missatge, no cal que facis res.\n`,
      html: `<p>Hola,</p><p>T'han convidat a entrar al backoffice ${OF_SITE_NAME} com a ${role}.</p><p><a href="${link}">Tria la teva contrasenya</a> (l'enllaç caduca d'aquí a 3 dies i només es pot fer servir una vegada).</p><p>Si no esperaves aquest missatge, no cal que facis res.</p>`,
    });
  });
}

/** The pending invitation of a link, or null when it is unknown, used or expired. */
export async function findInvitation(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const row = await db.query.adminInvitations.findFirst({
    where: and(
      eq(adminInvitations.tokenHash, hashToken(token)),
      isNull(adminInvitations.acceptedAt),
      gt(adminInvitations.expiresAt, new Date()),
    ),
  });
  return row ?? null;
}

const INVITATION_INVALID = "Aquest enllaç d'invitació no és vàlid, ja s'ha fet servir o ha caducat.";

/** Accepts an invitation: the account is created with its password, once. The account, the spent
 * invitation and the audit entry are one transaction. The token is looked up before the password
 * is hashed: a made-up or spent link costs one query, never a hash (issue 29). */
export async function acceptInvitation({ request, context }: Client, token: string, password: string) {
  if (!(await findInvitation(context.db, token))) throw new AccountError(INVITATION_INVALID, 410);
  const passwordHash = await hashPassword(password, context.clientKey);
  return context.db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(adminInvitations)
      .where(
        and(
          eq(adminInvitations.tokenHash, hashToken(token)),
          isNull(adminInvitations.acceptedAt),
          gt(adminInvitations.expiresAt, new Date()),
        ),
      )
      .for("update");
    if (!invitation) throw new AccountError(INVITATION_INVALID, 410);
    await tx.update(adminInvitations).set({ acceptedAt: new Date() }).where(eq(adminInvitations.id, invitation.id));
    const [user] = await tx
      .insert(adminUsers)
      .values({ email: invitation.email, role: invitation.role, passwordHash })
      .onConflictDoNothing()
      .returning({ id: adminUsers.id, email: adminUsers.email });
    if (!user) throw new AccountError("Ja hi ha un compte amb aquest correu.", 409);
    await recordAudit(tx, { request, context }, user, {
      entity: "account",
      entityId: user.id,
      action: "accept_invitation",
      after: { email: user.email, role: invitation.role },
    });
    return user;
  });
}

async function targetOf(tx: Db, id: string) {
  const [row] = await tx.select().from(adminUsers).where(eq(adminUsers.id, id)).for("update");
  if (!row) throw new AccountError("Aquest compte ja no existeix.", 404);
  return row;
}

export async function changeRole({ request, context }: Client, actor: AuditActor, id: string, role: AdminRole) {
  await context.db.transaction(async (tx) => {
    const before = await targetOf(tx, id);
    if (before.role === role) return;
    await tx.update(adminUsers).set({ role, updatedAt: new Date() }).where(eq(adminUsers.id, id));
    await assertAnAdministratorLeft(tx);
    await recordAudit(tx, { request, context }, actor, {
      entity: "account",
      entityId: id,
      action: "role",
      before: { email: before.email, role: before.role },
      after: { email: before.email, role },
    });
  });
}

/** Disables (its sessions end at once) or enables an account. */
export async function setDisabled({ request, context }: Client, actor: AuditActor, id: string, disabled: boolean) {
  if (disabled && id === actor.id) throw new AccountError("No pots desactivar el teu propi compte.");
  await context.db.transaction(async (tx) => {
    const before = await targetOf(tx, id);
    if ((before.disabledAt !== null) === disabled) return;
    await tx
      .update(adminUsers)
      .set({ disabledAt: disabled ? new Date() : null, updatedAt: new Date() })
      .where(eq(adminUsers.id, id));
    if (disabled) {
      await tx.delete(sessions).where(eq(sessions.userId, id));
      await assertAnAdministratorLeft(tx);
    }
    await recordAudit(tx, { request, context }, actor, {
      entity: "account",
      entityId: id,
      action: disabled ? "disable" : "enable",
      before: { email: before.email },
    });
  });
}

/** Changes the own password, checked against the current one; the account's other sessions end. */
export async function changePassword(
  { request, context }: Client,
  user: { id: string; email: string },
  keepSessionId: string,
  current: string,
  next: string,
) {
  const row = await context.db.query.adminUsers.findFirst({ where: eq(adminUsers.id, user.id) });
  if (!row || !(await verifyPassword(current, row.passwordHash, context.clientKey)))
    throw new AccountError("La contrasenya actual no és correcta.", 400);
  const passwordHash = await hashPassword(next, context.clientKey);
  await context.db.transaction(async (tx) => {
    await tx.update(adminUsers).set({ passwordHash, updatedAt: new Date() }).where(eq(adminUsers.id, user.id));
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, keepSessionId)));
    await recordAudit(tx, { request, context }, user, { entity: "account", entityId: user.id, action: "password_change" });
  });
}

/** Turns the second factor off for an account (own, or an administrator's recovery of a colleague's). */
export async function removeSecondFactor({ request, context }: Client, actor: AuditActor, id: string) {
  await context.db.transaction(async (tx) => {
    const before = await targetOf(tx, id);
    await tx
      .update(adminUsers)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
      .where(eq(adminUsers.id, id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, id));
    await recordAudit(tx, { request, context }, actor, {
      entity: "account",
      entityId: id,
      action: "totp_remove",
      before: { email: before.email },
    });
  });
}
