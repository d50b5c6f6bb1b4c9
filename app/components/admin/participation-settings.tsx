import { useCheckedFetcherForm } from "~/components/admin/admin-ui";
import { FormField, SubmitButton } from "~/components/form-field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { PHASES, type Consultation } from "~/domain/campaign";
import type { ConsultationState } from "~/domain/consultation";
import { formatLongDate } from "~/lib/dates";
import { consultationSchema, moderationSettingsSchema, type ModerationSettings } from "~/lib/moderation";

// The settings screen's moderation and calendar forms (decisions 028 and 029).

const MODES = [
  [
    "publish_then_review",
    <>
      <strong>Es publiquen de seguida</strong> i l'equip les revisa després (per defecte).
    </>,
  ],
  [
    "review_first",
    <>
      <strong>Primer es revisen</strong>: cap no es veu a la web fins que algú de l'equip l'aprova.
    </>,
  ],
] as const;

const section = "flex flex-col gap-5 rounded-lg bg-white p-5 shadow-sm";

export function ModerationSettingsForm({ saved }: { saved: ModerationSettings }) {
  const form = useCheckedFetcherForm(moderationSettingsSchema);
  const Form = form.fetcher.Form;
  return (
    <section aria-labelledby="moderation-settings" className={section}>
      <h2 id="moderation-settings" className="text-lg font-bold">
        Moderació
      </h2>
      <Form method="post" noValidate className="flex flex-col gap-5" onSubmit={form.onSubmit}>
        <input type="hidden" name="intent" value="moderation" />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">Com es publiquen les reflexions i els comentaris al mapa</legend>
          {MODES.map(([mode, text]) => (
            <label key={mode} className="flex items-start gap-3 text-sm">
              <input type="radio" name="mode" value={mode} defaultChecked={saved.mode === mode} className="mt-0.5 size-5 accent-brand" />
              <span>{text}</span>
            </label>
          ))}
          {form.error("mode") && <p className="text-sm font-semibold text-red-700">{form.error("mode")}</p>}
          <p className="text-sm text-ink/80">Els testimonis d'àudio sempre es revisen abans de publicar-se.</p>
        </fieldset>
        <FormField
          label="Denúncies que amaguen una aportació fins que es revisa"
          error={form.error("reportThreshold")}
          hint="Quan aquest nombre de visitants diferents denuncien una aportació publicada, passa a pendent."
        >
          <Input
            name="reportThreshold"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            defaultValue={saved.reportThreshold}
            className="max-w-32"
          />
        </FormField>
        <FormField
          label="Paraules i enllaços que envien una aportació a revisió"
          error={form.error("blockedTerms")}
          hint="Una entrada per línia: una paraula, una expressió o un tros d'adreça (per exemple bit.ly). No distingeix majúscules ni accents. Una aportació que en contingui alguna queda pendent, sigui quin sigui el mode."
        >
          <Textarea name="blockedTerms" rows={6} defaultValue={saved.blockedTerms.join("\n")} spellCheck={false} />
        </FormField>
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" name="holdLinks" defaultChecked={saved.holdLinks} className="mt-0.5 size-5 accent-brand" />
          <span>Envia també a revisió qualsevol aportació amb una adreça web (http://, https:// o www.).</span>
        </label>
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" name="requireTranscript" defaultChecked={saved.requireTranscript} className="mt-0.5 size-5 accent-brand" />
          <span>
            No publiquis cap testimoni sense transcripció: per aprovar-lo, l'equip ha d'escriure el que diu l'àudio (les persones sordes el
            poden llegir; WCAG 1.2.1).
          </span>
        </label>
        <SubmitButton submitting={form.busy} busy="Desant..." className="self-start">
          Desa la moderació
        </SubmitButton>
      </Form>
    </section>
  );
}

/** What the calendar means today, in one sentence for staff. */
export function calendarSummary(state: ConsultationState): string {
  if (state.closedBy === "staff") return "Ara mateix la participació està tancada: l'ha tancat l'equip.";
  if (state.closedBy === "date")
    return `Ara mateix la participació està tancada: el darrer dia va ser el ${formatLongDate(state.closedOn!)}.`;
  if (!state.deadline) return "Ara mateix la participació està oberta i no té data de tancament: la web no en diu cap.";
  const left = state.daysLeft === 0 ? "avui és l'últim dia" : state.daysLeft === 1 ? "queda 1 dia" : `queden ${state.daysLeft} dies`;
  return `Ara mateix la participació està oberta fins al ${formatLongDate(state.deadline)}${state.extended ? " (amb pròrroga)" : ""}: ${left}.`;
}

export function CalendarForm({ saved, state }: { saved: Consultation; state: ConsultationState }) {
  const form = useCheckedFetcherForm(consultationSchema);
  const Form = form.fetcher.Form;
  return (
    <section aria-labelledby="calendar-settings" className={section}>
      <h2 id="calendar-settings" className="text-lg font-bold">
        Calendari de la consulta
      </h2>
      <p className="-mt-3 text-sm text-ink/80">{calendarSummary(state)}</p>
      {state.needsDate && (
        <p role="alert" className="rounded-md border border-amber-700/50 bg-amber-50 p-3 text-sm text-amber-950">
          La consulta no té data de tancament. Indica'n una perquè la web la pugui anunciar.
        </p>
      )}
      <Form method="post" noValidate className="flex flex-col gap-5" onSubmit={form.onSubmit}>
        <input type="hidden" name="intent" value="calendar" />
        <FormField
          label="Data de tancament"
          error={form.error("closesOn")}
          hint="Les pàgines diuen «fins al» aquest dia. La participació es tanca sola quan acaba aquest dia (hora de Catalunya). Deixa-la en blanc si encara no la saps."
        >
          <Input name="closesOn" type="date" defaultValue={saved.closesOn ?? ""} className="max-w-48" />
        </FormField>
        <FormField
          label="Pròrroga fins al"
          error={form.error("extendedTo")}
          hint="Opcional. Allarga la participació més enllà de la data de tancament, sense canviar-la. Deixa-la en blanc si no hi ha pròrroga."
        >
          <Input name="extendedTo" type="date" defaultValue={saved.extendedTo ?? ""} className="max-w-48" />
        </FormField>
        <FormField label="Fase actual del pla" error={form.error("phase")} hint="La pàgina «De què va?» la marca com a «En curs».">
          <Select
            name="phase"
            defaultValue={String(saved.phase)}
            className="max-w-72"
            options={PHASES.map((p) => [String(p.n), `Fase ${p.n}: ${p.title}`] as const)}
          />
        </FormField>
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" name="open" defaultChecked={saved.open} className="mt-0.5 size-5 accent-brand" />
          <span>
            <strong>Participació oberta.</strong> Si la tanques, els formularis de reflexions, comentaris al mapa, testimonis i el
            qüestionari mostren que la participació està tancada, i el servidor no n'accepta cap més, sigui quina sigui la data. La
            newsletter continua oberta.
          </span>
        </label>
        <SubmitButton submitting={form.busy} busy="Desant..." className="self-start">
          Desa el calendari
        </SubmitButton>
      </Form>
    </section>
  );
}
