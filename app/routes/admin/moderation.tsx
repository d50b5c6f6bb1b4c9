import { Check, EyeOff, RotateCcw, Save, ShieldAlert } from "lucide-react";
import { useId, useState } from "react";
import { Link, useLocation } from "react-router";
import type { Route } from "./+types/moderation";
import { EmptyState, PageTitle, useAdminFetcher, useRowAction } from "~/components/admin/admin-ui";
import { FormField } from "~/components/form-field";
import { ExportLinks, ListControls, Pager, type ListFilter } from "~/components/admin/list-controls";
import { MoreActions } from "~/components/admin/more-actions";
import { AnswerForm, type AnswerStateOption } from "~/components/admin/answer-form";
import { commentPlaceText, PlaceMap } from "~/components/map/place-map";
import { useT } from "~/i18n/react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { labelled } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import {
  contributionTypes,
  moderationStatuses,
  moderationStatusLabels,
  reportReasonLabels,
  testimonialStatusLabels,
  type ModerationStatus,
} from "~/domain/contributions";
import { categories, categoryLabels } from "~/domain/themes";
import { MUNICIPALITY_NAMES } from "~/domain/map";
import { contributionLabels } from "~/lib/contributions";
import { listHref, withParams } from "~/lib/admin-list";
import { MAX_REASON, QUEUE_SHAPE, queueExportSearch, TRANSCRIPT_TEXTS } from "~/lib/moderation";
import { LIMITS } from "~/lib/participation-texts";
import { cn } from "~/lib/utils";
import { adminPaths } from "~/lib/admin-paths";

export { loader, action } from "./moderation.server";

type Item = Route.ComponentProps["loaderData"]["items"][number];

/** "this one", per type, for the buttons' names and the dialogs' questions. */
const THIS: Record<Item["type"], string> = {
  reflection: "aquesta reflexió",
  map_comment: "aquest comentari al mapa",
  testimonial: "aquest testimoni",
};

/** Each card's status in a word that agrees with its noun (una reflexió; un comentari, un testimoni),
 * so a card read on its own (a phone, a search) says where it stands (issue 27, item 13). */
const STATUS_WORD: Record<Item["type"], Record<ModerationStatus, string>> = {
  reflection: { pending: "Pendent", published: "Publicada", hidden: "Amagada" },
  map_comment: { pending: "Pendent", published: "Publicat", hidden: "Amagat" },
  testimonial: { pending: "Pendent", published: "Publicat", hidden: "Amagat" },
};
const STATUS_VARIANT = { pending: "secondary", published: "success", hidden: "destructive" } as const;

/** "to hide it", with the pronoun of each type's noun (una reflexió; un comentari, un testimoni). */
const HIDE_IT: Record<Item["type"], string> = { reflection: "amagar-la", map_comment: "amagar-lo", testimonial: "amagar-lo" };

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** The queue's filters in the list sheet (QUEUE_SHAPE's, decision 056); the status is the tabs'. */
const queueFilters = (only: Item["type"] | null): ListFilter[] => [
  { name: "estat", label: "Estat", hidden: true },
  { name: "tipus", label: "Tipus", options: labelled(contributionTypes, contributionLabels), hidden: Boolean(only) },
  { name: "ambit", label: only === "testimonial" ? "Àmbit" : "Àmbit (testimonis)", options: labelled(categories, categoryLabels) },
  { name: "municipi", label: "Municipi", options: MUNICIPALITY_NAMES.map((m) => [m, m] as const) },
  { name: "denunciades", label: "Només amb denúncies", kind: "flag" },
  { name: "retingudes", label: "Només retingudes per denúncies", kind: "flag" },
];

/** The queue, or one kind's view of it (the testimonials screen: `only`). */
export default function Moderation({ loaderData }: Route.ComponentProps) {
  const { query, filters, items, counts, total, pages, only, canDelete, holds, answerStates, canPublishAnswers, requireTranscript } =
    loaderData;
  const [chosen, setSelected] = useState<string[]>([]);
  const fetcher = useRowAction();
  // Only what the list still shows stays selected (an action moves its items to another tab).
  const selected = chosen.filter((k) => items.some((i) => i.key === k));
  const allSelected = items.length > 0 && selected.length === items.length;
  const toggle = (key: string, on: boolean) => setSelected((s) => (on ? [...s, key] : s.filter((k) => k !== key)));
  // A view of one kind keeps its type in its path, not in its links.
  const labels = only === "testimonial" ? testimonialStatusLabels : moderationStatusLabels;
  const exportSearch = queueExportSearch(query);
  const { search } = useLocation();

  return (
    <>
      {only === "testimonial" ? (
        <>
          <PageTitle title="Testimonis">
            <ExportLinks name="testimonials" what="els testimonis" formats={["csv", "xlsx", "zip"]} search={exportSearch} />
          </PageTitle>
          <p className="-mt-4 mb-4 max-w-3xl text-sm text-ink/80">
            Els testimonis d'àudio, de més nous a més antics, amb la mateixa moderació que la resta d'aportacions. Només els publicats es
            veuen a la web.
          </p>
        </>
      ) : (
        <>
          <PageTitle title="Moderació">
            <div className="flex flex-wrap items-center gap-2">
              <Button asChild variant="outline">
                <Link to={adminPaths.adminCoding}>Codificació</Link>
              </Button>
              <ExportLinks name="contributions" what="aquestes aportacions" search={exportSearch} />
            </div>
          </PageTitle>
          <p className="-mt-4 mb-4 max-w-3xl text-sm text-ink/80">
            Reflexions, comentaris al mapa i testimonis, de més nous a més antics. Només les publicades es veuen a la web; les pendents i
            les amagades no surten enlloc de la part pública.
          </p>
        </>
      )}

      <nav aria-label="Estat de les aportacions">
        <ul className="flex flex-wrap gap-2">
          {moderationStatuses.map((status) => {
            const active = status === filters.status;
            return (
              <li key={status}>
                <Link
                  to={withParams(search, { estat: status === "pending" ? null : status })}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "inline-flex rounded-full border px-4 py-2 text-sm font-semibold focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none",
                    active ? "border-brand bg-brand text-white" : "border-ink/20 bg-white hover:bg-brand-soft",
                  )}
                >
                  {labels[status]} ({counts[status]})
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <HeldByReports holds={holds} showing={filters.held} />

      <div className="mt-4">
        <ListControls id="queue" query={query} searchLabel="Cerca (text, nom o correu)" filters={queueFilters(only)} />
      </div>

      <p role="status" className="mt-4 text-sm font-semibold">
        {only === "testimonial" ? plural(total, "testimoni", "testimonis") : plural(total, "aportació", "aportacions")} · pàgina{" "}
        {filters.page} de {pages}
      </p>

      {items.length === 0 ? (
        <div className="mt-4">
          <EmptyState>
            No hi ha {only === "testimonial" ? "testimonis" : "aportacions"} {labels[filters.status].toLowerCase()} amb aquests filtres.
          </EmptyState>
        </div>
      ) : (
        <>
          <div className="sticky top-0 z-10 mt-4 flex flex-wrap items-center gap-3 rounded-lg bg-white p-3 shadow-sm">
            <label className="flex items-center gap-2 text-sm font-semibold">
              <input
                type="checkbox"
                className="size-5 accent-brand"
                checked={allSelected}
                onChange={(e) => setSelected(e.target.checked ? items.map((i) => i.key) : [])}
              />
              Selecciona-les totes
            </label>
            <span className="text-sm text-ink/80">{plural(selected.length, "seleccionada", "seleccionades")}</span>
            {selected.length > 0 && (
              <Actions
                keys={selected}
                status={filters.status}
                what={plural(selected.length, "aportació seleccionada", "aportacions seleccionades")}
                canDelete={canDelete}
              />
            )}
          </div>
          <ul className="mt-4 flex flex-col gap-4" aria-busy={fetcher.state !== "idle" || undefined}>
            {items.map((item) => (
              <QueueCard
                key={item.key}
                item={item}
                checked={selected.includes(item.key)}
                onCheck={(on) => toggle(item.key, on)}
                canDelete={canDelete}
                answering={{ states: answerStates, canPublish: canPublishAnswers }}
                requireTranscript={requireTranscript}
              />
            ))}
          </ul>
        </>
      )}

      <Pager list={{ page: filters.page, pages }} label="Pàgines" />
    </>
  );
}

/** What visitors' reports took off the site and staff have not reviewed (issue 29): how many, the
 * hourly cap, a link to see them and one button that publishes them all again. */
function HeldByReports({ holds, showing }: { holds: Route.ComponentProps["loaderData"]["holds"]; showing: boolean }) {
  const fetcher = useRowAction();
  if (holds.now === 0 && holds.lastHour === 0) return null;
  return (
    <section aria-labelledby="held-title" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="held-title" className="flex items-center gap-2 font-bold">
        <ShieldAlert aria-hidden="true" className="size-5" /> Retingudes per denúncies
      </h2>
      <p className="mt-1 max-w-3xl text-sm">
        {holds.now === 1
          ? "1 aportació ha deixat de veure's a la web per les denúncies de visitants i espera que la revisis."
          : `${holds.now} aportacions han deixat de veure's a la web per les denúncies de visitants i esperen que les revisis.`}{" "}
        Les denúncies poden retirar com a màxim {holds.cap} aportacions cada hora ({holds.lastHour} en l'última hora); les altres
        aportacions denunciades continuen publicades fins que l'equip les revisa.
      </p>
      {holds.now > 0 && (
        <div className="mt-3 flex flex-wrap gap-2">
          {!showing && (
            <Button asChild size="sm" variant="outline">
              <Link to={listHref({ filters: { retingudes: "1" } }, QUEUE_SHAPE)}>Mostra les retingudes</Link>
            </Button>
          )}
          <Button
            size="sm"
            disabled={fetcher.state !== "idle"}
            onClick={() => fetcher.submit({ intent: "release_held" }, { method: "post" })}
          >
            <RotateCcw aria-hidden="true" /> Torna-les a publicar totes
          </Button>
        </div>
      )}
    </section>
  );
}

function QueueCard({
  item,
  checked,
  onCheck,
  canDelete,
  answering,
  requireTranscript,
}: {
  item: Item;
  checked: boolean;
  onCheck: (on: boolean) => void;
  canDelete: boolean;
  answering: { states: readonly AnswerStateOption[]; canPublish: boolean };
  /** A testimonial is published only with its transcript (issue 33). */
  requireTranscript: boolean;
}) {
  const id = useId();
  const label = contributionLabels[item.type] ?? "Aportació";
  return (
    <li className="rounded-lg bg-white p-4 shadow-sm" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        <input
          id={`${id}-check`}
          type="checkbox"
          className="size-5 accent-brand"
          checked={checked}
          onChange={(e) => onCheck(e.target.checked)}
          aria-label={`Selecciona: ${label} del ${item.dateLabel}`}
        />
        <h2 id={`${id}-title`} className="font-bold">
          {label}
        </h2>
        <Badge variant={STATUS_VARIANT[item.status]}>{STATUS_WORD[item.type][item.status]}</Badge>
        {item.theme && <Badge variant="soft">{categoryLabels[item.theme]}</Badge>}
        {item.municipality && <Badge variant="outline">{item.municipality}</Badge>}
        <time dateTime={item.createdAt} className="text-ink/80">
          {item.dateLabel}
        </time>
        {item.reports.length > 0 && <Badge variant="destructive">{plural(item.reports.length, "denúncia", "denúncies")}</Badge>}
        {item.heldByReportsAt && <Badge variant="outline">Retinguda per denúncies</Badge>}
        {item.type === "testimonial" && !item.transcript && <Badge variant="outline">Sense transcripció</Badge>}
      </div>
      <p className="mt-2 break-words whitespace-pre-line">{item.text}</p>
      {(item.name || item.email) && <p className="mt-1 text-sm text-ink/80">{[item.name, item.email].filter(Boolean).join(" · ")}</p>}
      {item.place && <PlaceDetails place={item.place} />}
      {item.audioUrl && (
        <audio controls preload="none" src={item.audioUrl} aria-label={`Àudio: ${item.text}`} className="mt-2 h-10 w-full max-w-md">
          El teu navegador no suporta la reproducció d'àudio.
        </audio>
      )}
      {item.type === "testimonial" && (
        <TranscriptForm item={item} needed={requireTranscript && item.status !== "hidden" && !item.transcript} />
      )}
      {item.status === "hidden" && item.hiddenReason && (
        <p className="mt-2 text-sm">
          <span className="font-semibold">Motiu per {HIDE_IT[item.type]}:</span> {item.hiddenReason}
        </p>
      )}
      {item.reports.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-semibold">Motius de les denúncies</summary>
          <ul className="mt-1 list-disc pl-5">
            {item.reports.map((r, i) => (
              <li key={i}>
                {reportReasonLabels[r.reason]}
                {r.detail && `: ${r.detail}`}
                {!r.counted && <span className="text-ink/80"> (no compta: qui l'ha enviada ha denunciat massa aportacions)</span>}
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="mt-3">
        <Actions keys={[item.key]} status={item.status} what={THIS[item.type]} canDelete={canDelete} />
      </div>
      {item.status !== "hidden" && (
        <details className="mt-3" open={item.answer !== null || undefined}>
          <summary className="cursor-pointer text-sm font-semibold">
            {item.answer ? "Resposta de l'Ajuntament" : "Respon"}
            <span className="sr-only"> {THIS[item.type]}</span>
          </summary>
          <AnswerForm
            item={item.key}
            what={THIS[item.type]}
            answer={item.answer}
            states={answering.states}
            canPublish={answering.canPublish}
          />
        </details>
      )}
    </li>
  );
}

/** A map comment's place: in words, and a small map once opened (issue 27, item 11). */
function PlaceDetails({ place }: { place: NonNullable<Item["place"]> }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  return (
    <details className="mt-2 max-w-md text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="flex min-h-6 cursor-pointer items-center font-semibold">Lloc: {commentPlaceText(t, place)}</summary>
      {open && (
        <div className="mt-2">
          <PlaceMap place={place} />
        </div>
      )}
    </details>
  );
}

/** The actions that fit the status, for one contribution or for the selected ones; deleting sits in
 * "Més accions", for administrators only (decision 051). */
function Actions({ keys, status, what, canDelete }: { keys: string[]; status: ModerationStatus; what: string; canDelete: boolean }) {
  const fetcher = useRowAction();
  const busy = fetcher.state !== "idle";
  const send = (intent: string, reason?: string) =>
    fetcher.submit({ intent, items: keys.join(","), ...(reason ? { reason } : {}) }, { method: "post" });
  const many = keys.length > 1;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {status === "pending" && (
        <Button size="sm" disabled={busy} onClick={() => send("approve")} aria-label={many ? undefined : `Aprova ${what}`}>
          <Check aria-hidden="true" /> Aprova
        </Button>
      )}
      {status !== "hidden" && <HideDialog what={what} busy={busy} onHide={(reason) => send("hide", reason)} />}
      {status === "hidden" && (
        <Button size="sm" disabled={busy} onClick={() => send("restore")} aria-label={many ? undefined : `Restaura ${what}`}>
          <RotateCcw aria-hidden="true" /> Restaura
        </Button>
      )}
      {canDelete && (
        <MoreActions
          label={`Més accions: ${what}`}
          canDelete={status === "hidden"}
          busy={busy}
          question={`Segur que vols eliminar ${what}? S'esborrarà del tot, amb les denúncies que tingui, i no es podrà recuperar.`}
          onDelete={() => send("delete")}
        />
      )}
    </div>
  );
}

/** 'Amaga': a dialog that asks for the reason (staff only see it). */
function HideDialog({ what, busy, onHide }: { what: string; busy: boolean; onHide: (reason: string) => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={busy}>
          <EyeOff aria-hidden="true" /> Amaga
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Amaga {what}</DialogTitle>
          <DialogDescription>Deixarà de veure's a la web. Podràs tornar-ho a publicar des de la pestanya Amagades.</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const text = reason.trim();
            if (!text) return setError("Escriu el motiu per amagar-ho");
            onHide(text);
            setOpen(false);
            setReason("");
          }}
        >
          <Label htmlFor={`${id}-reason`}>Motiu (només el veu l'equip)</Label>
          <Textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={MAX_REASON}
            rows={3}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error && (
            <p id={`${id}-error`} className="text-sm font-semibold text-red-700">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel·la
            </Button>
            <Button type="submit">Amaga</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A testimonial's transcript (issue 33): staff write what the audio says, or correct the
 * visitor's; a pending one can be saved and approved at once. Open, with the reason, while the
 * setting holds its publication back. */
function TranscriptForm({ item, needed }: { item: Item; needed: boolean }) {
  const fetcher = useAdminFetcher();
  const busy = fetcher.state !== "idle";
  const [error, setError] = useState<string | null>(null);
  const server = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <details className="mt-3 max-w-3xl" open={needed || undefined}>
      <summary className="cursor-pointer text-sm font-semibold">
        Transcripció{item.transcript ? "" : " (no en té)"}
        <span className="sr-only"> d'aquest testimoni</span>
      </summary>
      {needed && (
        <p className="mt-2 text-sm">
          Per publicar aquest testimoni cal una transcripció del que diu l'àudio (ho demana la configuració de moderació).
        </p>
      )}
      <form
        method="post"
        noValidate
        className="mt-2 flex flex-col gap-3"
        aria-label="Transcripció d'aquest testimoni"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget, (e.nativeEvent as SubmitEvent).submitter);
          const text = String(form.get("transcript") ?? "").trim();
          if (text.length > LIMITS.transcript) return setError(TRANSCRIPT_TEXTS.tooLong);
          setError(null);
          void fetcher.submit(
            { intent: "transcript", item: item.key, transcript: text, approve: form.get("approve") === "true" ? "true" : "" },
            { method: "post" },
          );
        }}
      >
        <FormField
          label="Què diu l'àudio"
          error={error ?? server}
          hint="Es publica al costat del reproductor, perquè qui no pot escoltar-lo sàpiga què diu. Corregeix la del visitant si cal."
        >
          <Textarea name="transcript" rows={4} maxLength={LIMITS.transcript} defaultValue={item.transcript ?? ""} />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" variant={item.status === "pending" ? "outline" : "default"} disabled={busy}>
            <Save aria-hidden="true" /> Desa la transcripció
          </Button>
          {item.status === "pending" && (
            <Button type="submit" size="sm" name="approve" value="true" disabled={busy}>
              <Check aria-hidden="true" /> Desa i aprova
            </Button>
          )}
        </div>
      </form>
    </details>
  );
}
