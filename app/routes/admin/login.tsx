import { useEffect } from "react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/login";
import { AuthScreen } from "~/components/admin/auth-screen";
import { FormAlert, InputField, SubmitButton } from "~/components/form-field";
import { clearLocalStorage } from "~/lib/utils";

export { loader, action } from "./login.server";

/** The action's headers when it sent any (the session cookies, Retry-After), the loader's otherwise. */
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return [...actionHeaders.keys()].length > 0 ? actionHeaders : loaderHeaders;
}

const ERROR_ID = "login-error";

export default function Login({ actionData, loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const submitting = navigation.state === "submitting";
  const error = actionData?.error;
  const errorId = error ? ERROR_ID : null;

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
    <AuthScreen title="Backoffice">
      <p className="mt-1 text-sm text-ink/80">Al Penedès, la bici ens mou!</p>
      {signedOut && (
        <div role="status" className="mt-4 rounded-md bg-brand-soft p-3 text-sm">
          <p className="font-bold">Sessió tancada</p>
          <p>Has sortit del backoffice correctament.</p>
        </div>
      )}
      <Form method="post" className="mt-6 flex flex-col gap-4">
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <InputField label="Correu electrònic" name="email" type="email" autoComplete="username" required invalidBy={errorId} />
        <InputField label="Contrasenya" name="password" type="password" autoComplete="current-password" required invalidBy={errorId} />
        <FormAlert id={ERROR_ID} error={error} />
        <SubmitButton submitting={submitting} busy="Entrant...">
          Entra
        </SubmitButton>
      </Form>
    </AuthScreen>
  );
}
