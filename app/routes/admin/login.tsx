import { useEffect } from "react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/login";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { clearLocalStorage } from "~/lib/utils";

export { loader, action } from "./login.server";

/** The action's headers when it sent any (the session cookies, Retry-After), the loader's otherwise. */
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return [...actionHeaders.keys()].length > 0 ? actionHeaders : loaderHeaders;
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
