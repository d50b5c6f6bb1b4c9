import { useCallback, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { type FieldErrors, type WriteResult } from "~/lib/participation-texts";
import { useHydrated } from "~/lib/utils";
import { errorsOf, Honeypot, submitChecked, NativeCheckbox, PrivacyLink, ResultMessage, useResultToasts } from "./shared";

export const NEWSLETTER_ACTION = "/newsletter";

/** The newsletter subscription: an e-mail and the privacy box. Works without JavaScript. */
export function NewsletterForm({ result }: { result?: WriteResult }) {
  const fetcher = useFetcher<WriteResult>({ key: "newsletter" });
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState("");
  const [privacy, setPrivacy] = useState(false);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const id = useId();
  const data = fetcher.data ?? result;
  const errors = { ...errorsOf(fetcher.state === "idle" ? data : undefined), ...clientErrors };
  const submitting = fetcher.state !== "idle";

  const reset = useCallback(() => {
    form.current?.reset();
    setEmail("");
    setPrivacy(false);
  }, []);
  useResultToasts(fetcher, reset);

  return (
    <section aria-labelledby={`${id}-title`} className="bg-brand-soft">
      <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-12">
        <h2 id={`${id}-title`} className="text-2xl font-extrabold text-brand-dark md:text-3xl">
          Subscriu-te a la newsletter
        </h2>
        <p>Rep les novetats de la campanya i del pla director de la bicicleta al teu correu.</p>
        <fetcher.Form
          ref={form}
          method="post"
          action={NEWSLETTER_ACTION}
          noValidate={hydrated}
          className="relative flex flex-col gap-4"
          onSubmit={(e) => submitChecked(e, "newsletter", fetcher, setClientErrors)}
        >
          <Honeypot />
          <FormField label="Correu electrònic" error={errors.email}>
            <Input
              type="email"
              name="email"
              autoComplete="email"
              aria-required="true"
              maxLength={254}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="bg-white"
            />
          </FormField>
          <NativeCheckbox
            id={`${id}-privacy`}
            name="privacy"
            aria-required="true"
            checked={privacy}
            onChange={(e) => setPrivacy(e.target.checked)}
            error={errors.privacy}
            label={
              <>
                Accepto la <PrivacyLink />
              </>
            }
          />
          {errors.form && <p className="text-sm font-semibold text-red-700">{errors.form}</p>}
          <ResultMessage result={data} hydrated={hydrated} />
          <div>
            <Button type="submit" disabled={hydrated && (submitting || email.trim() === "" || !privacy)}>
              {submitting ? "Subscrivint..." : "Subscriu-me"}
            </Button>
          </div>
        </fetcher.Form>
      </div>
    </section>
  );
}
