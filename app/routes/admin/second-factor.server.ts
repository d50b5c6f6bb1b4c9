import { adminPaths } from "~/lib/admin-paths";
import { setTimeout as sleep } from "node:timers/promises";
import { data, redirect } from "react-router";
import type { Route } from "./+types/second-factor";
import {
  clearSecondFactor,
  codeLockedMessage,
  completeSignIn,
  pendingSecondFactor,
  safeAdminRedirect,
  secondFactorLocked,
  signInFailed,
} from "~/models/admin-login.server";
import { setFlash } from "~/infra/flash.server";
import { FormError, readForm } from "~/infra/forms.server";
import {
  attemptSucceeded,
  codeSucceeded,
  countAttempt,
  countCodeAttempt,
  throttledMessage,
  asCodeAttempt,
  type CodeAttempt,
} from "~/infra/login-throttle.server";
import { acceptTotp, spendRecoveryCode } from "~/infra/totp.server";

// The sign-in's second step (decision 033): the code of the authenticator app, or a recovery code.

export const CODE_FAILED = "El codi no és correcte o ha caducat.";
export const STEP_EXPIRED = "Ha passat massa temps: torna a entrar amb el correu i la contrasenya.";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await pendingSecondFactor(request, context))) throw redirect(adminPaths.adminLogin);
  return null;
}

/** Codes are counted like passwords (decision 022), under a key of their own per account; the
 * authenticator's six digits also against the account's own ceiling, whoever sends them (issue
 * 29, countCodeAttempt). A recovery code is not: it stays the owner's way in meanwhile. */
const throttleKey = (userId: string) => `totp:${userId}`;

export async function action({ request, context }: Route.ActionArgs) {
  let fields: Record<string, string>;
  try {
    ({ fields } = await readForm(request, context.storage, { maxBytes: 4096 }));
  } catch (err) {
    if (err instanceof FormError) return data({ error: err.message }, { status: err.status });
    throw err;
  }
  const pending = await pendingSecondFactor(request, context);
  if (!pending) return data({ error: STEP_EXPIRED }, { status: 401, headers: { "Set-Cookie": await clearSecondFactor(context) } });
  const { admin, redirectTo } = pending;
  const code = (fields.code ?? "").trim().slice(0, 64);
  if (!code) return data({ error: "Introdueix el codi." }, { status: 400 });

  const isTotp = /^\d[\d\s]*$/.test(code);
  const attempt: CodeAttempt = isTotp
    ? await countCodeAttempt(context, admin.id)
    : asCodeAttempt(await countAttempt(context, throttleKey(admin.id)));
  if (attempt.refused) {
    if (attempt.account && attempt.firstRefusal) await secondFactorLocked(context, request, admin);
    return data(
      { error: attempt.account ? codeLockedMessage(attempt.retryAfter, "sign-in") : throttledMessage(attempt.retryAfter) },
      { status: 429, headers: { "Retry-After": String(attempt.retryAfter) } },
    );
  }
  if (attempt.delayMs) await sleep(attempt.delayMs);

  const ok = isTotp ? await acceptTotp(context.db, admin.id, admin.totpSecret!, code) : await spendRecoveryCode(context.db, admin.id, code);
  const method = isTotp ? "totp" : "recovery_code";
  if (!ok) {
    await signInFailed(context, request, admin, method);
    return data({ error: CODE_FAILED }, { status: 401 });
  }
  await (isTotp ? codeSucceeded(context, admin.id) : attemptSucceeded(context, throttleKey(admin.id)));
  const headers = new Headers();
  headers.append("Set-Cookie", await completeSignIn(context, admin, request, method));
  headers.append("Set-Cookie", await clearSecondFactor(context));
  headers.append("Set-Cookie", await setFlash(context, "welcome"));
  return redirect(safeAdminRedirect(redirectTo), { headers });
}
