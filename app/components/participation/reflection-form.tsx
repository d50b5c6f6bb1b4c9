import { useState } from "react";
import { FormField } from "~/components/form-field";
import { Input } from "~/components/ui/input";
import { echoed, LIMITS, type WriteResult } from "~/lib/participation-texts";
import { paths } from "~/lib/routes";
import { ConsentCheckbox, ContributionText, EmailField, PublicForm, usePublicForm } from "./shared";

/** A reflection: the text is required; name and e-mail are optional, and an e-mail needs consent. */
export function ReflectionForm({ result }: { result?: WriteResult }) {
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
    },
  });
  const { errors, hydrated } = form;
  // Without JavaScript the box cannot appear on typing, so it is always there (and only
  // required by the server when an e-mail is given).
  const showConsent = !hydrated || email.trim() !== "";

  return (
    <PublicForm participation form={form} submit={{ label: "Envia la reflexió", ready: reflection.trim() !== "" }}>
      <ContributionText
        label="La teva reflexió"
        error={errors.reflection}
        name="reflection"
        rows={10}
        maxLength={LIMITS.reflection}
        value={reflection}
        onChange={(e) => setReflection(e.target.value)}
      />
      <FormField label="Nom (opcional)" error={errors.name}>
        <Input name="name" autoComplete="name" maxLength={LIMITS.name} defaultValue={echoed(result, "name")} />
      </FormField>
      <EmailField error={errors.email} value={email} onChange={(e) => setEmail(e.target.value)} />
      {showConsent && (
        <ConsentCheckbox
          lead={`${hydrated ? "" : "Si deixes el correu: "}Accepto la`}
          trail=" i rebre la newsletter"
          error={errors.privacy}
        />
      )}
    </PublicForm>
  );
}
