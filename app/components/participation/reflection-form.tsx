import { useId, useState } from "react";
import { FormField } from "~/components/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { echoed, LIMITS, type WriteResult } from "~/lib/participation-texts";
import { paths } from "~/lib/routes";
import { NativeCheckbox, PrivacyLink, PublicForm, usePublicForm } from "./shared";

/** A reflection: the text is required; name and e-mail are optional, and an e-mail needs consent. */
export function ReflectionForm({ result, onSent }: { result?: WriteResult; onSent?: () => void }) {
  const [reflection, setReflection] = useState(() => echoed(result, "reflection"));
  const [email, setEmail] = useState("");
  const form = usePublicForm({
    key: "reflection",
    action: paths.reflection,
    schema: "reflection",
    result,
    onSuccess: () => {
      setReflection("");
      setEmail("");
      onSent?.();
    },
  });
  const { errors, hydrated } = form;
  const id = useId();
  // Without JavaScript the box cannot appear on typing, so it is always there (and only
  // required by the server when an e-mail is given).
  const showConsent = !hydrated || email.trim() !== "";

  return (
    <PublicForm form={form} submit={{ label: "Envia la reflexió", ready: reflection.trim() !== "" }}>
      <FormField label="La teva reflexió" error={errors.reflection}>
        <Textarea
          name="reflection"
          rows={10}
          aria-required="true"
          maxLength={LIMITS.reflection}
          value={reflection}
          onChange={(e) => setReflection(e.target.value)}
        />
      </FormField>
      <FormField label="Nom (opcional)" error={errors.name}>
        <Input name="name" autoComplete="name" maxLength={LIMITS.name} defaultValue={echoed(result, "name")} />
      </FormField>
      <FormField label="Correu electrònic (opcional)" error={errors.email}>
        <Input
          type="email"
          name="email"
          autoComplete="email"
          maxLength={LIMITS.email}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </FormField>
      {showConsent && (
        <NativeCheckbox
          id={`${id}-privacy`}
          name="privacy"
          error={errors.privacy}
          label={
            <>
              {hydrated ? "" : "Si deixes el correu: "}Accepto la <PrivacyLink /> i rebre la newsletter
            </>
          }
        />
      )}
    </PublicForm>
  );
}
