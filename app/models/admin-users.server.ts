import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { adminUsers, recoveryCodes, sessions } from "~/db/schema";
import { hashPassword } from "~/infra/password.server";

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function findAdminByEmail(db: Db, email: string) {
  return db.query.adminUsers.findFirst({
    where: sql`lower(${adminUsers.email}) = ${normalizeEmail(email)}`,
  });
}

/** Creates the admin if no account has that e-mail; an existing account is left untouched. */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<"created" | "exists"> {
  if (await findAdminByEmail(db, email)) return "exists";
  const passwordHash = await hashPassword(password);
  const inserted = await db
    .insert(adminUsers)
    .values({ email: normalizeEmail(email), passwordHash })
    .onConflictDoNothing()
    .returning({ id: adminUsers.id });
  return inserted.length ? "created" : "exists";
}

/** Sets a new password and ends every session of the account. False when there is no such admin. */
export async function resetAdminPassword(db: Db, email: string, password: string): Promise<boolean> {
  const admin = await findAdminByEmail(db, email);
  if (!admin) return false;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // Recovery from the command line also re-enables a disabled account.
    await tx.update(adminUsers).set({ passwordHash, disabledAt: null, updatedAt: new Date() }).where(eq(adminUsers.id, admin.id));
    await tx.delete(sessions).where(eq(sessions.userId, admin.id));
  });
  return true;
}

/** Removes the second factor and its recovery codes (the phone and the codes are lost), and ends
 * every session. False when there is no such admin. */
export async function resetSecondFactor(db: Db, email: string): Promise<boolean> {
  const admin = await findAdminByEmail(db, email);
  if (!admin) return false;
  await db.transaction(async (tx) => {
    await tx
      .update(adminUsers)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
      .where(eq(adminUsers.id, admin.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, admin.id));
    await tx.delete(sessions).where(eq(sessions.userId, admin.id));
  });
  return true;
}
