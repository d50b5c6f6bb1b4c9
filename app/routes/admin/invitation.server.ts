import { adminPaths } from "~/lib/admin-paths";
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { data, redirect } from "react-router";
import type { Route } from "./+types/invitation";
import { AccountError, acceptInvitation, findInvitation, passwordSchema } from "~/models/accounts.server";
import { completeSignIn } from "~/models/admin-login.server";
import { setFlash } from "~/infra/flash.server";
import { FormError, readForm } from "~/infra/forms.server";
import { attemptSucceeded, countAttempt, refundAttempt, throttledMessage } from "~/infra/login-throttle.server";
import { HashingBusyError } from "~/infra/password.server";

// Accepting an invitation (decision 032): the link's token names a pending invitation; the
// password chosen here creates the account, signs it in once, and spends the link. Each post is
// counted as a sign-in attempt is (decision 022: per client and per (link, client), before anything
// is looked up or hashed), the sign-in gate admits it as a sign-in (decision 042), and the link is
// looked up before the password is hashed (issue 29): a made-up link costs one query, never a hash.

export const INVALID_LINK = "Aquest enllaç d'invitació no és vàlid, ja s'ha fet servir o ha caducat.";

export async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await findInvitation(context.db, params.token);
  if (!invitation) return data({ valid: false as const, email: null }, { status: 410 });
  return { valid: true as const, email: invitation.email };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  let fields: Record<string, string>;
  try {
    ({ fields } = await readForm(request, context.storage, { maxBytes: 8192 }));
  } catch (err) {
    if (err instanceof FormError) return data({ error: err.message }, { status: err.status });
    throw err;
  }
  const password = passwordSchema.safeParse(fields.password ?? "");
  if (!password.success) return data({ error: password.error.issues[0]!.message }, { status: 400 });
  if (fields.password !== fields.confirm) return data({ error: "Les dues contrasenyes no coincideixen." }, { status: 400 });
  // Counted under the link's hash (no token is kept), with the client's other sign-in attempts.
  const key = `invitation:${createHash("sha256").update(params.token).digest("hex")}`;
  const attempt = await countAttempt(context, key);
  if (attempt.refused)
    return data({ error: throttledMessage(attempt.retryAfter) }, { status: 429, headers: { "Retry-After": String(attempt.retryAfter) } });
  if (attempt.delayMs) await sleep(attempt.delayMs);
  let user;
  try {
    user = await acceptInvitation({ request, context }, params.token, password.data);
  } catch (err) {
    if (err instanceof AccountError) return data({ error: err.message }, { status: err.status });
    if (err instanceof HashingBusyError) {
      // Nothing was tried: the attempt is given back.
      await refundAttempt(context, key);
      return data(
        { error: "El servidor està ocupat: torna-ho a provar d'aquí a un moment." },
        { status: 429, headers: { "Retry-After": "1" } },
      );
    }
    throw err;
  }
  await attemptSucceeded(context, key);
  const headers = new Headers();
  headers.append("Set-Cookie", await completeSignIn(context, user, request, "invitation"));
  headers.append("Set-Cookie", await setFlash(context, "welcome"));
  return redirect(adminPaths.adminAccount, { headers });
}
