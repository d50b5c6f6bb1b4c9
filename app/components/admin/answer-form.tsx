import { MailPlus, Send, Star, Undo2 } from "lucide-react";
import { useId, useState, type Ref } from "react";
import { useAdminFetcher } from "~/components/admin/admin-ui";
import { AnswerStateBadge } from "~/components/answer-state-badge";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { adminPaths } from "~/lib/admin-paths";
import { ANSWER_TEXTS, MAX_ANSWER } from "~/lib/answers";
import { formatShortDate } from "~/lib/dates";

// The council's answer to one contribution (issue 31), as the answering screen and the moderation
// queue's rows write it: a state, a Markdown text, saved as a draft (or published at once by an
// administrator); a published answer can be withdrawn, a changed one published again, and its author
// told again by e-mail once the published text differs from the one they had. Every form
// posts to the answering screen's action, the one that writes answers.

export interface AnswerStateOption {
  id: string;
  label: string;
  colour: string;
  isActive: boolean;
}

export interface AnswerValue {
  stateId: string;
  text: string;
  resultId?: string | null;
  featured?: boolean;
  answeredAt: string;
  published: { stateId: string; text: string; at: string } | null;
  unpublished: boolean;
  /** The author had the answer by e-mail, and the published text has changed since. */
  canNotifyAgain?: boolean;
}

/** A result of the plan an answer may point to (decision 075). */
export interface ResultOption {
  id: string;
  title: string;
  isPublic: boolean;
}

export function AnswerForm({
  item,
  what,
  answer,
  states,
  canPublish,
  results,
  onSaved,
  ref,
}: {
  item: string;
  /** What the answer is to, for the form's name ("aquesta reflexió"). */
  what: string;
  answer: AnswerValue | null;
  states: readonly AnswerStateOption[];
  canPublish: boolean;
  /** The results to choose from ("Ho seguim aquí"); without them the form leaves the link as it is. */
  results?: readonly ResultOption[];
  onSaved?: () => void;
  /** The state's field: "next unanswered" moves the focus there. */
  ref?: Ref<HTMLSelectElement>;
}) {
  const fetcher = useAdminFetcher(onSaved);
  const busy = fetcher.state !== "idle";
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const server = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  // A retired state is offered only to the answer that already has it.
  const offered = states.filter((s) => s.isActive || s.id === answer?.stateId);
  const stateOf = (sid: string) => states.find((s) => s.id === sid);
  const published = answer?.published ? stateOf(answer.published.stateId) : undefined;
  const post = (fields: Record<string, string>) => fetcher.submit({ item, ...fields }, { method: "post", action: adminPaths.adminAnswers });

  return (
    <div className="mt-3 rounded-md border border-ink/15 bg-cream p-3">
      {answer?.published && published && (
        <p className="mb-2 flex flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold">Resposta publicada el {formatShortDate(answer.published.at)}:</span>
          <AnswerStateBadge label={published.label} colour={published.colour} />
          {answer.unpublished && <span className="text-ink/80">(amb canvis sense publicar)</span>}
        </p>
      )}
      {answer && !answer.published && <p className="mb-2 text-sm font-semibold">Esborrany de resposta, encara no publicat</p>}
      <form
        method="post"
        action={adminPaths.adminAnswers}
        noValidate
        className="flex flex-col gap-3"
        aria-label={`Resposta a ${what}`}
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget, (e.nativeEvent as SubmitEvent).submitter);
          const text = String(form.get("text") ?? "").trim();
          if (!text) return setError(ANSWER_TEXTS.textRequired);
          if (text.length > MAX_ANSWER) return setError(ANSWER_TEXTS.textTooLong);
          setError(null);
          post({
            intent: "answer",
            stateId: String(form.get("stateId")),
            text,
            ...(results ? { resultId: String(form.get("resultId") ?? "") } : {}),
            publish: form.get("publish") === "true" ? "true" : "",
          });
        }}
      >
        <FormField label="Estat de la resposta">
          <Select ref={ref} name="stateId" defaultValue={answer?.stateId ?? offered[0]?.id} options={offered.map((s) => [s.id, s.label])} />
        </FormField>
        <FormField
          label="Text de la resposta (Markdown)"
          error={error ?? server}
          hint="Es publica tal com s'escriu, amb enllaços i llistes; mai el nom de qui respon."
        >
          <Textarea id={`${id}-text`} name="text" rows={4} maxLength={MAX_ANSWER} defaultValue={answer?.text ?? ""} />
        </FormField>
        {results && results.length > 0 && (
          <FormField
            label="Actuació del pla que en fa el seguiment"
            hint="La resposta publicada hi enllaça amb «Ho seguim aquí» mentre l'actuació sigui pública. Per publicar-la, l'actuació ha de ser pública."
          >
            <Select
              name="resultId"
              defaultValue={answer?.resultId ?? ""}
              none="Cap"
              options={results.map((r) => [r.id, r.isPublic ? r.title : `${r.title} (no pública)`] as const)}
            />
          </FormField>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" variant={canPublish ? "outline" : "default"} disabled={busy}>
            Desa l'esborrany
          </Button>
          {canPublish && (
            <Button type="submit" size="sm" name="publish" value="true" disabled={busy}>
              <Send aria-hidden="true" /> Desa i publica
            </Button>
          )}
          {canPublish && answer?.unpublished && (
            <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => post({ intent: "publish" })}>
              Publica l'esborrany desat
            </Button>
          )}
          {canPublish && answer?.published && (
            <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => post({ intent: "withdraw" })}>
              <Undo2 aria-hidden="true" /> Retira la resposta
            </Button>
          )}
          {canPublish && answer?.canNotifyAgain && (
            <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => post({ intent: "notify_again" })}>
              <MailPlus aria-hidden="true" /> Torna a avisar l'autor
            </Button>
          )}
          {canPublish && answer && (
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={busy}
              aria-pressed={answer.featured === true}
              onClick={() => post({ intent: "feature", featured: answer.featured ? "false" : "true" })}
            >
              <Star aria-hidden="true" className={answer.featured ? "fill-current" : undefined} /> Destacada a l'informe
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
