import { useCheckedFetcherForm } from "~/components/admin/admin-ui";
import { FormField, SubmitButton } from "~/components/form-field";
import { Input } from "~/components/ui/input";
import { MAX_RETENTION_MONTHS, MIN_RETENTION_MONTHS, type RetentionSettings, type RetentionState } from "~/domain/retention";
import { formatLongDate } from "~/lib/dates";
import { retentionSettingsSchema } from "~/lib/retention";

// The settings screen's retention form (issue 34, decision 071).

/** When the job erases, in one sentence for staff. */
export function retentionSummary(state: RetentionState): string {
  if (!state.erasesOn) return "La consulta no té data de tancament: encara no s'esborra cap dada.";
  if (state.due)
    return `Des del ${formatLongDate(state.erasesOn)}, el servidor esborra cada hora els noms i els correus que cap consentiment no necessita.`;
  return `Amb la data de tancament actual, els noms i els correus s'esborraran a partir del ${formatLongDate(state.erasesOn)}.`;
}

export function RetentionForm({ saved, state }: { saved: RetentionSettings; state: RetentionState }) {
  const form = useCheckedFetcherForm(retentionSettingsSchema);
  const Form = form.fetcher.Form;
  return (
    <section aria-labelledby="retention-settings" className="flex flex-col gap-5 rounded-lg bg-white p-5 shadow-sm">
      <h2 id="retention-settings" className="text-lg font-bold">
        Conservació de les dades personals
      </h2>
      <p className="-mt-3 text-sm text-ink/80">{retentionSummary(state)}</p>
      <Form method="post" noValidate className="flex flex-col gap-5" onSubmit={form.onSubmit}>
        <input type="hidden" name="intent" value="retention" />
        <FormField
          label="Mesos que es conserven després del tancament"
          error={form.error("months")}
          hint="Passat aquest termini des del darrer dia de participació, s'esborren el nom i el correu de les reflexions i dels comentaris al mapa. El text es conserva. Es mantenen les adreces de qui està subscrit a la newsletter o espera la resposta de l'Ajuntament. Les altes a la newsletter no confirmades s'esborren quan caduca l'enllaç de confirmació."
        >
          <Input
            name="months"
            type="number"
            inputMode="numeric"
            min={MIN_RETENTION_MONTHS}
            max={MAX_RETENTION_MONTHS}
            defaultValue={saved.months}
            className="max-w-32"
          />
        </FormField>
        <SubmitButton submitting={form.busy} busy="Desant..." className="self-start">
          Desa el termini
        </SubmitButton>
      </Form>
    </section>
  );
}
