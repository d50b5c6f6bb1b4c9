import { useId, useState } from "react";
import { Link } from "react-router";
import { FormField } from "~/components/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { RIGHTS_REQUEST_KINDS } from "~/domain/rights";
import { RichText, useLocale } from "~/i18n/react";
import { echoed, LIMITS, type WriteResult } from "~/lib/participation-texts";
import { localePaths } from "~/lib/routes";
import { PublicForm, usePublicForm, useSay } from "./shared";

/** The form where a person asks to see or erase their data (issue 34, decision 072): what they ask
 * for, their address (the confirmation goes there) and optional words. Works without JavaScript. */
export function RightsRequestForm({ result }: { result?: WriteResult }) {
  const say = useSay();
  const paths = localePaths(useLocale());
  const [kind, setKind] = useState(() => echoed(result, "kind"));
  const [email, setEmail] = useState("");
  const form = usePublicForm({
    key: "rights-request",
    action: paths.rightsRequest,
    schema: "rightsRequest",
    result,
    onSuccess: () => {
      setKind("");
      setEmail("");
    },
  });
  const { errors } = form;
  const id = useId();
  const kindError = `${id}-kind-error`;
  return (
    <PublicForm
      form={form}
      submit={{ label: say("forms.rightsRequest.submit"), ready: kind !== "" && email.trim() !== "" }}
      done={{ again: say("forms.rightsRequest.another"), heading: "h3" }}
    >
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.kind ? kindError : undefined}>
        <legend className="mb-1 text-sm font-semibold">{say("forms.rightsRequest.kind")}</legend>
        {RIGHTS_REQUEST_KINDS.map((value) => (
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
            {say(`forms.rightsRequest.kind.${value}`)}
          </label>
        ))}
        {errors.kind && (
          <p id={kindError} className="text-sm font-semibold text-red-700">
            {errors.kind}
          </p>
        )}
      </fieldset>
      <FormField label={say("forms.email")} hint={say("forms.rightsRequest.emailHint")} error={errors.email}>
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
      <FormField label={say("forms.rightsRequest.message")} hint={say("forms.rightsRequest.messageHint")} error={errors.message}>
        <Textarea name="message" rows={4} maxLength={LIMITS.rightsMessage} defaultValue={echoed(result, "message")} />
      </FormField>
      <p className="text-sm">
        <RichText
          text={say("forms.rightsRequest.privacy")}
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
