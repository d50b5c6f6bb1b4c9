import { z } from "zod";
import type { AppContext } from "./app-context";
import { findAdminByEmail } from "./admin-users.server";
import { hashPassword, verifyPassword } from "./password.server";
import { createSession } from "./session.server";

export const loginSchema = z.object({
  email: z.string().trim().min(1, "Introdueix el teu correu.").max(254),
  password: z.string().min(1, "Introdueix la contrasenya.").max(1024),
});

export const LOGIN_FAILED = "Email o contrasenya incorrectes.";

// Verifying against a hash even when the account does not exist keeps the answer time
// the same, so the response does not tell whether an e-mail has an account.
let dummyHash: Promise<string> | undefined;

/** The Set-Cookie of a new session, or null when the e-mail and password do not match. */
export async function signIn(context: AppContext, email: string, password: string): Promise<string | null> {
  const admin = await findAdminByEmail(context.db, email);
  dummyHash ??= hashPassword("no-account-has-this-password");
  const ok = await verifyPassword(password, admin?.passwordHash ?? (await dummyHash));
  if (!admin || !ok) return null;
  return createSession(context, admin.id);
}

/** Only paths inside the back office are followed after sign-in (no open redirect). */
export function safeAdminRedirect(to: string | null | undefined): string {
  return to && /^\/admin(\/[a-z-]*)*(\?[^\\]*)?$/.test(to) && !to.startsWith("//") ? to : "/admin/dashboard";
}
