import { useId, useState } from "react";
import { Link } from "react-router";
import { FormField } from "~/components/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { ACCESSIBILITY_REQUEST_KINDS } from "~/domain/accessibility-requests";
import { RichText, useLocale } from "~/i18n/react";
import { echoed, LIMITS, type WriteResult } from "~/lib/participation-texts";
import { localePaths } from "~/lib/routes";
import { PublicForm, usePublicForm, useSay } from "./shared";

/** The accessibility statement's form (issue 33): a communication or a request for accessible
 * information, with the page or content concerned, the message, an e-mail for the answer and an
 * optional name. Works without JavaScript (it posts to its own page, which answers). */
export function AccessibilityRequestForm({ result, headingLevel = "h2" }: { result?: WriteResult; headingLevel?: "h2" | "h3" }) {
  const say = useSay();
  const paths = localePaths(useLocale());
  const [kind, setKind] = useState(() => echoed(result, "kind"));
  const [email, setEmail] = useState("");
  const [about, setAbout] = useState(() => echoed(result, "about"));
  const [message, setMessage] = useState(() => echoed(result, "message"));
  const form = usePublicForm({
    key: "accessibility-request",
    action: paths.accessibilityRequest,
    schema: "accessibilityRequest",
    result,
    onSuccess: () => {
      setKind("");
      setEmail("");
      setAbout("");
      setMessage("");
    },
  });
  const { errors } = form;
  const id = useId();
  const kindError = `${id}-kind-error`;
  return (
    <PublicForm
      form={form}
      submit={{
        label: say("forms.accessibilityRequest.submit"),
        ready: kind !== "" && email.trim() !== "" && about.trim() !== "" && message.trim() !== "",
      }}
      done={{ again: say("forms.accessibilityRequest.another"), heading: headingLevel === "h2" ? "h3" : "h2" }}
    >
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.kind ? kindError : undefined}>
        <legend className="mb-1 text-sm font-semibold">{say("forms.accessibilityRequest.kind")}</legend>
        {ACCESSIBILITY_REQUEST_KINDS.map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-3 text-base">
            <input
              type="radio"
              name="kind"
              value={value}
              checked={kind === value}
              onChange={() => setKind(value)}
              aria-invalid={errors.kind ? true : undefined}
              className="size-5 shrink-0 accent-brand focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none"
            />
            {say(`forms.accessibilityRequest.kind.${value}`)}
          </label>
        ))}
        {errors.kind && (
          <p id={kindError} className="text-sm font-semibold text-red-700">
            {errors.kind}
          </p>
        )}
      </fieldset>
      <FormField label={say("forms.accessibilityRequest.about")} hint={say("forms.accessibilityRequest.aboutHint")} error={errors.about}>
        <Input name="about" aria-required="true" maxLength={LIMITS.about} value={about} onChange={(e) => setAbout(e.target.value)} />
      </FormField>
      <FormField
        label={say("forms.accessibilityRequest.message")}
        hint={say("forms.accessibilityRequest.messageHint")}
        error={errors.message}
      >
        <Textarea
          name="message"
          rows={6}
          aria-required="true"
          maxLength={LIMITS.message}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </FormField>
      <FormField label={say("forms.email")} hint={say("forms.accessibilityRequest.emailHint")} error={errors.email}>
        <Input
          type="email"
          name="email"
          autoComplete="email"
          aria-required="true"
          maxLength={LIMITS.email}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </FormField>
      <FormField label={say("forms.accessibilityRequest.name")} error={errors.name}>
        <Input name="name" autoComplete="name" maxLength={LIMITS.name} defaultValue={echoed(result, "name")} />
      </FormField>
      <p className="text-sm">
        <RichText
          text={say("forms.accessibilityRequest.privacy")}
          parts={{
            link: (words) => (
              <Link to={paths.privacy} className="font-semibold text-brand-dark underline underline-offset-2">
                {words}
              </Link>
            ),
          }}
        />
      </p>
    </PublicForm>
  );
}
