import { useCheckedFetcherForm } from "~/components/admin/admin-ui";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { PHASES, type Consultation } from "~/domain/campaign";
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
        <Button type="submit" className="self-start" disabled={form.busy}>
          {form.busy ? "Desant..." : "Desa la moderació"}
        </Button>
      </Form>
    </section>
  );
}

export function CalendarForm({ saved, today }: { saved: Consultation; today: string }) {
  const form = useCheckedFetcherForm(consultationSchema);
  const Form = form.fetcher.Form;
  const overdue = saved.open && saved.closesOn < today;
  return (
    <section aria-labelledby="calendar-settings" className={section}>
      <h2 id="calendar-settings" className="text-lg font-bold">
        Calendari de la consulta
      </h2>
      <p className="-mt-3 text-sm text-ink/80">
        Ara mateix la participació està <strong>{saved.open ? "oberta" : "tancada"}</strong> i la web diu que la consulta acaba el{" "}
        {formatLongDate(saved.closesOn)}.
      </p>
      {overdue && (
        <p role="alert" className="rounded-md border border-red-700/50 bg-red-50 p-3 text-sm text-red-900">
          La data de tancament ja ha passat i la participació continua oberta. Tanca-la o canvia la data.
        </p>
      )}
      <Form method="post" noValidate className="flex flex-col gap-5" onSubmit={form.onSubmit}>
        <input type="hidden" name="intent" value="calendar" />
        <FormField label="Data de tancament" error={form.error("closesOn")} hint="Les pàgines diuen «fins al» aquest dia.">
          <Input name="closesOn" type="date" defaultValue={saved.closesOn} className="max-w-48" />
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
            qüestionari mostren que la participació està tancada, i el servidor no n'accepta cap més. La newsletter continua oberta.
          </span>
        </label>
        <Button type="submit" className="self-start" disabled={form.busy}>
          {form.busy ? "Desant..." : "Desa el calendari"}
        </Button>
      </Form>
    </section>
  );
}
