import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/second-factor";
import { AuthScreen } from "~/components/admin/auth-screen";
import { FormAlert, InputField, SubmitButton } from "~/components/form-field";
import { toast } from "~/lib/toast";

export { loader, action } from "./second-factor.server";

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return [...actionHeaders.keys()].length > 0 ? actionHeaders : loaderHeaders;
}

const ERROR_ID = "code-error";

export default function SecondFactor({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const error = actionData?.error;
  useEffect(() => {
    if (error) toast.error(error);
  }, [actionData, error]);
  return (
    <AuthScreen title="Verificació en dos passos">
      <p className="mt-2 text-sm text-ink/80">
        Escriu el codi de 6 xifres de l'aplicació d'autenticació. Si no la tens a mà, pots fer servir un dels codis de recuperació.
      </p>
      <Form method="post" className="mt-6 flex flex-col gap-4">
        <InputField
          label="Codi"
          name="code"
          autoComplete="one-time-code"
          required
          autoFocus
          maxLength={64}
          invalidBy={error ? ERROR_ID : null}
        />
        <FormAlert id={ERROR_ID} error={error} />
        <SubmitButton submitting={navigation.state === "submitting"}>Verifica</SubmitButton>
      </Form>
    </AuthScreen>
  );
}
