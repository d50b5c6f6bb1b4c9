import { adminPaths } from "~/lib/admin-paths";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/invitation";
import { AuthScreen } from "~/components/admin/auth-screen";
import { FormAlert, InputField, SubmitButton } from "~/components/form-field";

export { loader, action } from "./invitation.server";

const ERROR_ID = "invitation-error";

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const error = actionData?.error;
  return (
    <AuthScreen title="Invitació al backoffice">
      {!loaderData.valid ? (
        <>
          <p className="mt-4 text-sm" role="alert">
            Aquest enllaç d'invitació no és vàlid, ja s'ha fet servir o ha caducat. Demana'n un de nou a un administrador.
          </p>
          <p className="mt-4 text-sm">
            <Link className="font-semibold text-brand-dark underline" to={adminPaths.adminLogin}>
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
            <InputField
              label="Contrasenya nova"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={10}
              maxLength={1024}
            />
            <InputField
              label="Repeteix la contrasenya"
              name="confirm"
              type="password"
              autoComplete="new-password"
              required
              minLength={10}
              maxLength={1024}
              invalidBy={error ? ERROR_ID : null}
            />
            <FormAlert id={ERROR_ID} error={error} />
            <SubmitButton submitting={navigation.state === "submitting"}>Crea el compte</SubmitButton>
          </Form>
        </>
      )}
    </AuthScreen>
  );
}
