import { useCallback, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { echoed, LIMITS, type FieldErrors, type WriteResult } from "~/lib/participation-texts";
import { useHydrated } from "~/lib/utils";
import { errorsOf, Honeypot, submitChecked, NativeCheckbox, PrivacyLink, ResultMessage, useResultToasts } from "./shared";

export const REFLECTION_ACTION = "/participa/reflexio";

/** A reflection: the text is required; name and e-mail are optional, and an e-mail needs consent. */
export function ReflectionForm({ result, onSent }: { result?: WriteResult; onSent?: () => void }) {
  const fetcher = useFetcher<WriteResult>({ key: "reflection" });
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [reflection, setReflection] = useState(() => echoed(result, "reflection"));
  const [email, setEmail] = useState("");
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const id = useId();
  const data = fetcher.data ?? result;
  const errors = { ...errorsOf(fetcher.state === "idle" ? data : undefined), ...clientErrors };
  const submitting = fetcher.state !== "idle";
  // Without JavaScript the box cannot appear on typing, so it is always there (and only
  // required by the server when an e-mail is given).
  const showConsent = !hydrated || email.trim() !== "";

  const reset = useCallback(() => {
    form.current?.reset();
    setReflection("");
    setEmail("");
    onSent?.();
  }, [onSent]);
  useResultToasts(fetcher, reset);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={REFLECTION_ACTION}
      noValidate={hydrated}
      className="relative flex flex-col gap-4"
      onSubmit={(e) => submitChecked(e, "reflection", fetcher, setClientErrors)}
    >
      <Honeypot />
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
      <ResultMessage result={data} hydrated={hydrated} />
      <div>
        <Button type="submit" disabled={hydrated && (submitting || reflection.trim() === "")}>
          {submitting ? "Enviant..." : "Envia la reflexió"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
