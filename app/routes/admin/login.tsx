import { useEffect } from "react";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/login";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LOGIN_FAILED, loginSchema, safeAdminRedirect, signIn } from "~/lib/admin-login.server";
import { getAdminSession } from "~/lib/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getAdminSession(request, context)) throw redirect(safeAdminRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = loginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? LOGIN_FAILED }, { status: 400 });
  const cookie = await signIn(context, parsed.data.email, parsed.data.password);
  if (!cookie) return data({ error: LOGIN_FAILED }, { status: 401 });
  return redirect(safeAdminRedirect(String(form.get("redirectTo") ?? "")), { headers: { "Set-Cookie": cookie } });
}

export default function Login({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const submitting = navigation.state === "submitting";
  const error = actionData?.error;

  useEffect(() => {
    if (error) toast.error(error);
  }, [actionData, error]);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-brand-soft p-4">
      <div className="w-full max-w-sm rounded-xl bg-white p-6 shadow-lg">
        <h1 className="text-2xl font-extrabold text-brand-dark">Backoffice</h1>
        <p className="mt-1 text-sm text-ink/80">Al Penedès, la bici ens mou!</p>
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
