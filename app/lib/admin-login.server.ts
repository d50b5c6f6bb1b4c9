import { z } from "zod";
import type { AppContext } from "./app-context";
import { findAdminByEmail } from "./admin-users.server";
import { verifyPassword } from "./password.server";
import { createSession } from "./session.server";

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

/** The Set-Cookie of a new session, or null when the e-mail and password do not match. Throws
 * HashingBusyError, before any work, when too many passwords are being checked. */
export async function signIn(context: AppContext, email: string, password: string): Promise<string | null> {
  const admin = await findAdminByEmail(context.db, email);
  const ok = await verifyPassword(password, admin?.passwordHash ?? NO_ACCOUNT_HASH);
  if (!admin || !ok) return null;
  return createSession(context, admin.id);
}

/** Only paths inside the back office, in URL-safe ASCII (a query's other characters come
 * percent-encoded), are followed after sign-in: no open redirect, and nothing a Location header
 * cannot hold (a CR, LF or U+2028 was a 500). Anything else goes to the dashboard. */
export function safeAdminRedirect(to: string | null | undefined): string {
  return to && /^\/admin(\/[a-z0-9-]+)*\/?(\?[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*)?$/.test(to) ? to : "/admin/dashboard";
}
