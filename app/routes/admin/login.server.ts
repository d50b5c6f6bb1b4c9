import { adminPaths } from "~/lib/admin-paths";
import { setTimeout as sleep } from "node:timers/promises";
import { data, redirect } from "react-router";
import type { Route } from "./+types/login";
import { LOGIN_FAILED, loginSchema, safeAdminRedirect, signIn, type SignIn } from "~/models/admin-login.server";
import { readFlash, setFlash } from "~/infra/flash.server";
import { FormError, readForm } from "~/infra/forms.server";
import { attemptSucceeded, countAttempt, refundAttempt, throttledMessage } from "~/infra/login-throttle.server";
import { HashingBusyError } from "~/infra/password.server";
import { getAdminSession } from "~/infra/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getAdminSession(request, context)) throw redirect(safeAdminRedirect(new URL(request.url).searchParams.get("redirectTo")));
  const { flash, clear } = await readFlash(request, context);
  return data({ signedOut: flash === "signed-out" }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

/** An e-mail, a password of at most 1024 characters and a back-office path fit well within this. */
const LOGIN_FORM_BYTES = 16 * 1024;

const throttled = (retryAfter: number) =>
  data({ error: throttledMessage(retryAfter) }, { status: 429, headers: { "Retry-After": String(retryAfter) } });

export async function action({ request, context }: Route.ActionArgs) {
  let form: Record<string, string>;
  try {
    ({ fields: form } = await readForm(request, context.storage, { maxBytes: LOGIN_FORM_BYTES }));
  } catch (err) {
    if (err instanceof FormError) return data({ error: err.message }, { status: err.status });
    throw err;
  }
  const parsed = loginSchema.safeParse({ email: form.email ?? "", password: form.password ?? "" });
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? LOGIN_FAILED }, { status: 400 });
  const { email, password } = parsed.data;
  // Counted before the password is checked (decision 022): a refused attempt costs no hashing.
  const attempt = await countAttempt(context, email);
  if (attempt.refused) return throttled(attempt.retryAfter);
  if (attempt.delayMs) await sleep(attempt.delayMs);
  let result: SignIn;
  try {
    result = await signIn(context, email, password, request, safeAdminRedirect(form.redirectTo));
  } catch (err) {
    if (!(err instanceof HashingBusyError)) throw err;
    // No guess was made: the attempt is given back, and the client may retry in a second.
    await refundAttempt(context, email);
    return throttled(1);
  }
  if (result.kind === "failed") return data({ error: LOGIN_FAILED }, { status: 401 });
  await attemptSucceeded(context, email);
  // The second step: the code of the authenticator app (decision 033).
  if (result.kind === "second-factor") return redirect(adminPaths.adminSecondFactor, { headers: { "Set-Cookie": result.cookie } });
  const headers = new Headers();
  headers.append("Set-Cookie", result.cookie);
  headers.append("Set-Cookie", await setFlash(context, "welcome"));
  return redirect(safeAdminRedirect(form.redirectTo), { headers });
}
