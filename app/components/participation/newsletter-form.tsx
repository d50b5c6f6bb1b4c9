import { useId, useState } from "react";
import { MESSAGES, type WriteResult } from "~/lib/participation-texts";
import { paths } from "~/lib/routes";
import { ConsentCheckbox, EmailField, PublicForm, usePublicForm } from "./shared";

/** The newsletter subscription: an e-mail and the privacy box. Works without JavaScript. */
export function NewsletterForm({ result }: { result?: WriteResult }) {
  const [email, setEmail] = useState("");
  const [privacy, setPrivacy] = useState(false);
  // The address the confirmation went to, for the success panel (it never comes back from the server).
  const [sentTo, setSentTo] = useState("");
  const form = usePublicForm({
    key: "newsletter",
    action: paths.newsletter,
    schema: "newsletter",
    result,
    onSuccess: () => {
      setSentTo(email.trim());
      setEmail("");
      setPrivacy(false);
    },
  });
  const { errors } = form;
  const id = useId();

  return (
    <section aria-labelledby={`${id}-title`} className="bg-brand-soft">
      <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-12">
        <h2 id={`${id}-title`} className="text-2xl font-extrabold text-brand-dark md:text-3xl">
          Subscriu-te a la newsletter
        </h2>
        <p>Rep les novetats de la campanya i del pla director de la bicicleta al teu correu.</p>
        <PublicForm
          form={form}
          submit={{ label: "Subscriu-me", busy: "Subscrivint...", ready: email.trim() !== "" && privacy }}
          done={{
            again: "Subscriu una altra adreça",
            heading: "h3",
            children: (
              <>
                {sentTo && (
                  <p>
                    Adreça: <strong className="break-all">{sentTo}</strong>
                  </p>
                )}
                <p>{MESSAGES.newsletterNext}</p>
              </>
            ),
          }}
        >
          <EmailField
            label="Correu electrònic"
            required
            error={errors.email}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="bg-white"
          />
          <ConsentCheckbox
            lead="Accepto la"
            aria-required="true"
            checked={privacy}
            onChange={(e) => setPrivacy(e.target.checked)}
            error={errors.privacy}
          />
          {errors.form && <p className="text-sm font-semibold text-red-700">{errors.form}</p>}
        </PublicForm>
      </div>
    </section>
  );
}
