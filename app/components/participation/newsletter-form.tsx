import { useId, useState } from "react";
import { RichText, useLocale } from "~/i18n/react";
import { MESSAGES, type WriteResult } from "~/lib/participation-texts";
import { localePaths } from "~/lib/routes";
import { ConsentCheckbox, EmailField, PublicForm, usePublicForm, useSay } from "./shared";

/** The newsletter subscription: an e-mail and the privacy box. Works without JavaScript. */
export function NewsletterForm({ result }: { result?: WriteResult }) {
  const [email, setEmail] = useState("");
  const [privacy, setPrivacy] = useState(false);
  // The address the confirmation went to, for the success panel (it never comes back from the server).
  const [sentTo, setSentTo] = useState("");
  const say = useSay();
  const form = usePublicForm({
    key: "newsletter",
    action: localePaths(useLocale()).newsletter,
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
          {say("forms.newsletter.title")}
        </h2>
        <p>{say("forms.newsletter.lead")}</p>
        <PublicForm
          form={form}
          submit={{ label: say("forms.newsletter.submit"), busy: say("forms.newsletter.busy"), ready: email.trim() !== "" && privacy }}
          done={{
            again: say("forms.newsletter.another"),
            heading: "h3",
            children: (
              <>
                {sentTo && (
                  <p>
                    <RichText
                      text={say("forms.newsletter.address", { email: sentTo })}
                      parts={{ strong: (address) => <strong className="break-all">{address}</strong> }}
                    />
                  </p>
                )}
                <p>{say(MESSAGES.newsletterNext)}</p>
              </>
            ),
          }}
        >
          <EmailField required error={errors.email} value={email} onChange={(e) => setEmail(e.target.value)} className="bg-white" />
          <ConsentCheckbox
            text="forms.consent.accept"
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
