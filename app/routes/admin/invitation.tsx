import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/invitation";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { paths } from "~/lib/routes";

export { loader, action } from "./invitation.server";

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const error = actionData?.error;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-brand-soft p-4">
      <div className="w-full max-w-sm rounded-xl bg-white p-6 shadow-lg">
        <h1 className="text-2xl font-extrabold text-brand-dark">Invitació al backoffice</h1>
        {!loaderData.valid ? (
          <>
            <p className="mt-4 text-sm" role="alert">
              Aquest enllaç d'invitació no és vàlid, ja s'ha fet servir o ha caducat. Demana'n un de nou a un administrador.
            </p>
            <p className="mt-4 text-sm">
              <Link className="font-semibold text-brand-dark underline" to={paths.adminLogin}>
                Ves a l'inici de sessió
              </Link>
            </p>
          </>
        ) : (
          <>
            <p className="mt-2 text-sm text-ink/80">
              Tria una contrasenya per al compte <strong className="break-all">{loaderData.email}</strong> (com a mínim 10 caràcters).
            </p>
            <Form method="post" className="mt-6 flex flex-col gap-4">
              <input type="hidden" name="email" value={loaderData.email} autoComplete="username" />
              <div className="flex flex-col gap-2">
                <Label htmlFor="password">Contrasenya nova</Label>
                <Input id="password" name="password" type="password" autoComplete="new-password" required minLength={10} maxLength={1024} />
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor="confirm">Repeteix la contrasenya</Label>
                <Input
                  id="confirm"
                  name="confirm"
                  type="password"
                  autoComplete="new-password"
                  required
                  minLength={10}
                  maxLength={1024}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? "invitation-error" : undefined}
                />
              </div>
              {error && (
                <p id="invitation-error" role="alert" className="text-sm font-semibold text-red-700">
                  {error}
                </p>
              )}
              <Button type="submit" disabled={navigation.state === "submitting"}>
                Crea el compte
              </Button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}
