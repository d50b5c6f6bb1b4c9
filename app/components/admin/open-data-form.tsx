import { useCheckedFetcherForm } from "~/components/admin/admin-ui";
import { FormField, SubmitButton } from "~/components/form-field";
import { Input } from "~/components/ui/input";
import { DEFAULT_LICENCE, openDataSettingsSchema, type OpenDataSettings } from "~/lib/open-data";

// The settings screen's open data form (issue 31, decision 074): the licence of the files and who
// publishes them, as the page /dades-obertes and the DCAT-AP catalogue say.

export function OpenDataForm({ saved }: { saved: OpenDataSettings }) {
  const form = useCheckedFetcherForm(openDataSettingsSchema);
  const Form = form.fetcher.Form;
  return (
    <section aria-labelledby="open-data-settings" className="flex flex-col gap-5 rounded-lg bg-white p-5 shadow-sm">
      <h2 id="open-data-settings" className="text-lg font-bold">
        Dades obertes
      </h2>
      <p className="-mt-3 text-sm text-ink/80">
        La pàgina Dades obertes i el catàleg DCAT-AP, que recullen els portals de dades obertes, diuen aquesta llicència i aquest nom.
      </p>
      <Form method="post" noValidate className="flex flex-col gap-5" onSubmit={form.onSubmit}>
        <input type="hidden" name="intent" value="open-data" />
        <FormField
          label="Adreça de la llicència"
          error={form.error("licence")}
          hint={`Ha de començar per https://. Per defecte, Creative Commons Reconeixement 4.0: ${DEFAULT_LICENCE}`}
        >
          <Input name="licence" type="url" inputMode="url" spellCheck={false} defaultValue={saved.licence} placeholder="https://" />
        </FormField>
        <FormField label="Qui publica les dades" error={form.error("publisher")} hint="L'organisme que en respon, tal com s'ha de citar.">
          <Input name="publisher" defaultValue={saved.publisher} />
        </FormField>
        <SubmitButton submitting={form.busy} busy="Desant..." className="self-start">
          Desa les dades obertes
        </SubmitButton>
      </Form>
    </section>
  );
}
