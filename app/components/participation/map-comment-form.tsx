import { useCallback, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { echoed, LIMITS, type FieldErrors, type WriteResult } from "~/lib/participation-texts";
import { useHydrated } from "~/lib/utils";
import { errorsOf, Honeypot, submitChecked, NativeCheckbox, PrivacyLink, ResultMessage, useResultToasts } from "./shared";

export const MAP_COMMENT_ACTION = "/participa/mapa";

/** A comment on the proposal map: the comment and the privacy box; the e-mail is optional. */
export function MapCommentForm({ result, onSent }: { result?: WriteResult; onSent?: () => void }) {
  const fetcher = useFetcher<WriteResult>({ key: "map-comment" });
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [comment, setComment] = useState(() => echoed(result, "comment"));
  const [privacy, setPrivacy] = useState(false);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const id = useId();
  const data = fetcher.data ?? result;
  const errors = { ...errorsOf(fetcher.state === "idle" ? data : undefined), ...clientErrors };
  const submitting = fetcher.state !== "idle";

  const reset = useCallback(() => {
    form.current?.reset();
    setComment("");
    setPrivacy(false);
    onSent?.();
  }, [onSent]);
  useResultToasts(fetcher, reset);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={MAP_COMMENT_ACTION}
      noValidate={hydrated}
      aria-labelledby={`${id}-title`}
      className="relative flex flex-col gap-4"
      onSubmit={(e) => submitChecked(e, "mapComment", fetcher, setClientErrors)}
    >
      <h3 id={`${id}-title`} className="text-lg font-bold">
        Deixa el teu comentari
      </h3>
      <Honeypot />
      <FormField label="Comentari" error={errors.comment}>
        <Textarea
          name="comment"
          rows={4}
          aria-required="true"
          maxLength={LIMITS.comment}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </FormField>
      <FormField label="Correu electrònic (opcional)" error={errors.email}>
        <Input type="email" name="email" autoComplete="email" maxLength={LIMITS.email} />
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
            He llegit i accepto la <PrivacyLink />
          </>
        }
      />
      <ResultMessage result={data} hydrated={hydrated} />
      <div>
        <Button type="submit" disabled={hydrated && (submitting || comment.trim() === "" || !privacy)}>
          {submitting ? "Enviant..." : "Envia el comentari"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
