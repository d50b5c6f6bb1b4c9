import { useId, useState } from "react";
import { FormField } from "~/components/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { echoed, LIMITS, type WriteResult } from "~/lib/participation-texts";
import { paths } from "~/lib/routes";
import { NativeCheckbox, PrivacyLink, PublicForm, usePublicForm } from "./shared";

/** A comment on the proposal map: the comment and the privacy box; the e-mail is optional. */
export function MapCommentForm({ result, onSent }: { result?: WriteResult; onSent?: () => void }) {
  const [comment, setComment] = useState(() => echoed(result, "comment"));
  const [privacy, setPrivacy] = useState(false);
  const form = usePublicForm({
    key: "map-comment",
    action: paths.map,
    schema: "mapComment",
    result,
    onSuccess: () => {
      setComment("");
      setPrivacy(false);
      onSent?.();
    },
  });
  const { errors } = form;
  const id = useId();

  return (
    <PublicForm
      form={form}
      aria-labelledby={`${id}-title`}
      submit={{ label: "Envia el comentari", ready: comment.trim() !== "" && privacy }}
    >
      <h3 id={`${id}-title`} className="text-lg font-bold">
        Deixa el teu comentari
      </h3>
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
    </PublicForm>
  );
}
