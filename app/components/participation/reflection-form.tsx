import { useState } from "react";
import { FormField } from "~/components/form-field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { MUNICIPALITY_NAMES } from "~/domain/map";
import { echoed, LIMITS, type WriteResult } from "~/lib/participation-texts";
import { useLocale } from "~/i18n/react";
import { localePaths } from "~/lib/routes";
import { ConsentCheckbox, ContributionText, EmailField, PublicForm, usePublicForm, useSay } from "./shared";

/** A reflection: the text is required; name and e-mail are optional, and an e-mail needs consent. */
export function ReflectionForm({ result }: { result?: WriteResult }) {
  const [reflection, setReflection] = useState(() => echoed(result, "reflection"));
  const [email, setEmail] = useState("");
  const say = useSay();
  const form = usePublicForm({
    key: "reflection",
    action: localePaths(useLocale()).reflection,
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
    <PublicForm participation form={form} submit={{ label: say("forms.reflection.submit"), ready: reflection.trim() !== "" }}>
      <ContributionText
        label={say("forms.reflection.text")}
        error={errors.reflection}
        name="reflection"
        rows={10}
        maxLength={LIMITS.reflection}
        value={reflection}
        onChange={(e) => setReflection(e.target.value)}
      />
      <FormField label={say("forms.reflection.name")} error={errors.name}>
        <Input name="name" autoComplete="name" maxLength={LIMITS.name} defaultValue={echoed(result, "name")} />
      </FormField>
      <FormField label={say("forms.municipality.label")} error={errors.municipality}>
        <Select
          name="municipality"
          defaultValue={echoed(result, "municipality")}
          none={say("forms.municipality.none")}
          options={MUNICIPALITY_NAMES}
        />
      </FormField>
      <EmailField error={errors.email} value={email} onChange={(e) => setEmail(e.target.value)} />
      {showConsent && (
        <ConsentCheckbox text={hydrated ? "forms.consent.reflection" : "forms.consent.reflectionNoScript"} error={errors.privacy} />
      )}
      {showConsent && <ConsentCheckbox name="answerConsent" text={hydrated ? "forms.consent.answer" : "forms.consent.answerNoScript"} />}
    </PublicForm>
  );
}
