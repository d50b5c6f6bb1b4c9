import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/second-factor";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/lib/toast";

export { loader, action } from "./second-factor.server";

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return [...actionHeaders.keys()].length > 0 ? actionHeaders : loaderHeaders;
}

export default function SecondFactor({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const error = actionData?.error;
  useEffect(() => {
    if (error) toast.error(error);
  }, [actionData, error]);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-brand-soft p-4">
      <div className="w-full max-w-sm rounded-xl bg-white p-6 shadow-lg">
        <h1 className="text-2xl font-extrabold text-brand-dark">Verificació en dos passos</h1>
        <p className="mt-2 text-sm text-ink/80">
          Escriu el codi de 6 xifres de l'aplicació d'autenticació. Si no la tens a mà, pots fer servir un dels codis de recuperació.
        </p>
        <Form method="post" className="mt-6 flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor="code">Codi</Label>
            <Input
              id="code"
              name="code"
              autoComplete="one-time-code"
              required
              autoFocus
              maxLength={64}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "code-error" : undefined}
            />
          </div>
          {error && (
            <p id="code-error" role="alert" className="text-sm font-semibold text-red-700">
              {error}
            </p>
          )}
          <Button type="submit" disabled={navigation.state === "submitting"}>
            Verifica
          </Button>
        </Form>
      </div>
    </main>
  );
}
