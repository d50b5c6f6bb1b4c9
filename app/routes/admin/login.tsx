import { useEffect } from "react";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/login";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LOGIN_FAILED, loginSchema, safeAdminRedirect, signIn } from "~/lib/admin-login.server";
import { recordFailure, recordSuccess, throttledFor, throttledMessage } from "~/lib/login-throttle.server";
import { readFlash, setFlash } from "~/lib/flash.server";
import { FormError, readForm } from "~/lib/forms.server";
import { getAdminSession } from "~/lib/session.server";
import { clearLocalStorage } from "~/lib/utils";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getAdminSession(request, context)) throw redirect(safeAdminRedirect(new URL(request.url).searchParams.get("redirectTo")));
  const { flash, clear } = await readFlash(request, context);
  return data({ signedOut: flash === "signed-out" }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.get("Set-Cookie") ? actionHeaders : loaderHeaders;
}

/** An e-mail, a password of at most 1024 characters and a back-office path fit well within this. */
const LOGIN_FORM_BYTES = 16 * 1024;

export async function action({ request, context }: Route.ActionArgs) {
  let form: Record<string, string>;
  try {
    ({ fields: form } = await readForm(request, context.storage, { maxBytes: LOGIN_FORM_BYTES }));
  } catch (err) {
    if (err instanceof FormError) return data({ error: err.message }, { status: err.code === "too_large" ? 413 : 400 });
    throw err;
  }
  const parsed = loginSchema.safeParse({ email: form.email ?? "", password: form.password ?? "" });
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? LOGIN_FAILED }, { status: 400 });
  const { email, password } = parsed.data;
  const wait = await throttledFor(context, email, context.clientKey);
  if (wait > 0) return data({ error: throttledMessage(wait) }, { status: 429, headers: { "Retry-After": String(wait) } });
  const cookie = await signIn(context, email, password);
  if (!cookie) {
    await recordFailure(context, email, context.clientKey);
    return data({ error: LOGIN_FAILED }, { status: 401 });
  }
  await recordSuccess(context, email);
  const headers = new Headers();
  headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlash(context, "welcome"));
  return redirect(safeAdminRedirect(form.redirectTo), { headers });
}

export default function Login({ actionData, loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const submitting = navigation.state === "submitting";
  const error = actionData?.error;

  useEffect(() => {
    if (error) toast.error(error);
  }, [actionData, error]);

  const signedOut = loaderData?.signedOut ?? false;
  useEffect(() => {
    if (!signedOut) return;
    clearLocalStorage();
    toast.success("Sessió tancada", { description: "Has sortit del backoffice correctament." });
  }, [signedOut]);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-brand-soft p-4">
      <div className="w-full max-w-sm rounded-xl bg-white p-6 shadow-lg">
        <h1 className="text-2xl font-extrabold text-brand-dark">Backoffice</h1>
        <p className="mt-1 text-sm text-ink/80">Al Penedès, la bici ens mou!</p>
        {signedOut && (
          <div role="status" className="mt-4 rounded-md bg-brand-soft p-3 text-sm">
            <p className="font-bold">Sessió tancada</p>
            <p>Has sortit del backoffice correctament.</p>
          </div>
        )}
        <Form method="post" className="mt-6 flex flex-col gap-4">
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <div className="flex flex-col gap-2">
            <Label htmlFor="email">Correu electrònic</Label>
            <Input
              id="email"
              name="email"
              type="email"
              autoComplete="username"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "login-error" : undefined}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="password">Contrasenya</Label>
            <Input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "login-error" : undefined}
            />
          </div>
          {error && (
            <p id="login-error" role="alert" className="text-sm font-semibold text-red-700">
              {error}
            </p>
          )}
          <Button type="submit" disabled={submitting}>
            {submitting ? "Entrant..." : "Entra"}
          </Button>
        </Form>
      </div>
    </main>
  );
}
