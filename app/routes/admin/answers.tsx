import { ArrowDown, FileText, Layers, Send } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import type { Route } from "./+types/answers";
import { adminPaths } from "~/lib/admin-paths";
import { EmptyState, PageTitle, useAdminFetcher } from "~/components/admin/admin-ui";
import { AnswerForm } from "~/components/admin/answer-form";
import { ListControls, Pager, type ListFilter } from "~/components/admin/list-controls";
import { Badge } from "~/components/ui/badge";
import { FormAlert, FormField, TextareaField } from "~/components/form-field";
import { LanguageTabs } from "~/components/admin/language-tabs";
import { Select } from "~/components/ui/select";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { labelled } from "~/components/ui/select";
import { contributionTypes } from "~/domain/contributions";
import { categories, categoryLabels, type Category } from "~/domain/themes";
import { ANSWER_STAGE_LABELS, answerStages, MAX_HEARD_INTRO } from "~/lib/answers";
import { contributionLabels } from "~/lib/contributions";
import { formatNumber } from "~/i18n/locales";

export { loader, action } from "./answers.server";

type Item = Route.ComponentProps["loaderData"]["items"][number];

const THIS: Record<Item["type"], string> = {
  reflection: "aquesta reflexió",
  map_comment: "aquest comentari al mapa",
  testimonial: "aquest testimoni",
};

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${formatNumber(n)} ${many}`);

/** The answering screen (issue 31): every contribution that is not hidden, with its answer form;
 * "next unanswered" (the button, or the N key) moves to the next one without an answer. */
export default function Answers({ loaderData }: Route.ComponentProps) {
  const {
    query,
    items,
    matching,
    left,
    page,
    pages,
    states,
    publishable,
    canPublish,
    templates,
    unansweredMatching,
    mailProblems,
    results,
    heardIntro,
  } = loaderData;
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const pick = (key: string, on: boolean) =>
    setPicked((was) => {
      const next = new Set(was);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const fields = useRef(new Map<string, HTMLSelectElement>());
  const filters: ListFilter[] = [
    { name: "tipus", label: "Tipus", options: labelled(contributionTypes, contributionLabels as Record<string, string>) },
    { name: "ambit", label: "Àmbit (testimonis)", options: labelled(categories, categoryLabels) },
    { name: "municipi", label: "Municipi (comentaris al mapa)", kind: "text" },
    { name: "resposta", label: "Resposta", options: labelled(answerStages, ANSWER_STAGE_LABELS) },
    { name: "estat-resposta", label: "Estat de la resposta", options: states.map((s) => [s.id, s.label] as const) },
  ];
  const unanswered = items.filter((i) => !i.answer).map((i) => i.key);

  const next = (after?: string) => {
    const start = after ? unanswered.indexOf(after) + 1 : 0;
    const key = unanswered.slice(start).find((k) => k !== after) ?? unanswered.find((k) => k !== after);
    const field = key ? fields.current.get(key) : undefined;
    if (!field) return false;
    field.scrollIntoView({ block: "center" });
    field.focus();
    return true;
  };

  // N: the next contribution without an answer (not while typing).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (
        e.key !== "n" ||
        e.altKey ||
        e.ctrlKey ||
        e.metaKey ||
        /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) ||
        target.isContentEditable
      )
        return;
      if (next()) e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  return (
    <>
      <PageTitle title="Respostes">
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={adminPaths.adminCoding}>Codificació</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={adminPaths.adminAnswerTemplates}>Plantilles de resposta</Link>
          </Button>
          {canPublish && (
            <>
              <Button asChild variant="outline">
                <Link to={adminPaths.adminAnswerStates}>Estats de resposta</Link>
              </Button>
              {heardIntro && <HeardIntroDialog intro={heardIntro} />}
              <PublishAll count={publishable} />
            </>
          )}
        </div>
      </PageTitle>
      <p className="-mt-4 mb-4 max-w-3xl text-sm text-ink/80">
        La resposta de l'Ajuntament a cada aportació: un estat i un text. Es desa com a esborrany i no surt a la web fins que un
        administrador la publica. Les aportacions amagades no es responen.
      </p>
      <p role="status" className="mb-4 font-semibold">
        {left === 0 ? "Totes les aportacions tenen resposta." : `Queden ${plural(left, "aportació", "aportacions")} sense resposta.`}{" "}
        {publishable > 0 && <span className="font-normal">{plural(publishable, "resposta", "respostes")} per publicar.</span>}
      </p>
      {mailProblems.length > 0 && (
        <section aria-labelledby="answer-mail-problems" className="mb-4 rounded-lg border border-red-700 bg-white p-4">
          <h2 id="answer-mail-problems" className="font-bold">
            Correus de resposta amb problemes
          </h2>
          <ul className="mt-2 list-disc pl-5 text-sm">
            {mailProblems.map((m) => (
              <li key={m.key}>
                {m.failed ? "No s'ha pogut enviar" : `Es tornarà a provar (intent ${m.attempts})`}: {m.key.split(":")[1]} — {m.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
      <ListControls id="answers" query={query} searchLabel="Cerca al text de l'aportació" filters={filters} />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <p className="text-sm font-semibold">
          {plural(matching, "aportació", "aportacions")} · pàgina {page} de {pages}
        </p>
        {unanswered.length > 0 && (
          <Button size="sm" variant="outline" onClick={() => next()} aria-keyshortcuts="N">
            <ArrowDown aria-hidden="true" /> Següent sense resposta <kbd className="rounded border px-1 text-xs">N</kbd>
          </Button>
        )}
        <BulkAnswer
          states={states}
          templates={templates}
          picked={items.filter((i) => picked.has(i.key))}
          matching={matching}
          unansweredMatching={unansweredMatching}
          onDone={() => setPicked(new Set())}
        />
      </div>
      {items.length === 0 ? (
        <div className="mt-4">
          <EmptyState>No hi ha cap aportació amb aquests filtres.</EmptyState>
        </div>
      ) : (
        <ul className="mt-4 flex flex-col gap-4">
          {items.map((item) => (
            <li
              key={item.key}
              className="rounded-lg bg-white p-4 shadow-sm"
              aria-label={`${contributionLabels[item.type]} del ${item.dateLabel}`}
            >
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-5 accent-brand"
                  checked={picked.has(item.key)}
                  onChange={(e) => pick(item.key, e.currentTarget.checked)}
                  aria-label={`Marca per a la resposta en bloc: ${contributionLabels[item.type]} del ${item.dateLabel}`}
                />
                <span className="font-bold">{contributionLabels[item.type]}</span>
                {item.status === "pending" && <Badge variant="secondary">Pendent de moderació</Badge>}
                {item.theme && <Badge variant="soft">{categoryLabels[item.theme as Category]}</Badge>}
                {item.municipality && <Badge variant="outline">{item.municipality}</Badge>}
                <time dateTime={item.createdAt} className="text-ink/80">
                  {item.dateLabel}
                </time>
                {!item.answer && <Badge variant="destructive">Sense resposta</Badge>}
              </div>
              <p className="mt-2 break-words whitespace-pre-line">{item.text}</p>
              {item.name && <p className="mt-1 text-sm text-ink/80">{item.name}</p>}
              <AnswerForm
                ref={(el) => {
                  if (el) fields.current.set(item.key, el);
                  else fields.current.delete(item.key);
                }}
                item={item.key}
                what={THIS[item.type]}
                answer={item.answer}
                states={states}
                canPublish={canPublish}
                results={results}
                onSaved={item.answer ? undefined : () => next(item.key)}
              />
            </li>
          ))}
        </ul>
      )}
      <Pager list={{ page, pages }} label="Pàgines" />
    </>
  );
}

/** The introduction of the report "Què hem escoltat i què en farem" (decision 075): Markdown, in
 * Catalan and optionally in Spanish and English; the report shows it at once. */
function HeardIntroDialog({ intro }: { intro: { text: string; text_es: string; text_en: string } }) {
  const [open, setOpen] = useState(false);
  const fetcher = useAdminFetcher(() => setOpen(false));
  const busy = fetcher.state !== "idle";
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const id = useId();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <FileText aria-hidden="true" /> Introducció de l'informe
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Introducció de l'informe</DialogTitle>
          <DialogDescription>
            El text que encapçala la pàgina pública «Què hem escoltat i què en farem». Admet Markdown (enllaços, llistes, negreta). Si es
            deixa buit, la pàgina no en mostra cap.
          </DialogDescription>
        </DialogHeader>
        <form
          method="post"
          aria-describedby={error ? `${id}-error` : undefined}
          onSubmit={(e) => {
            e.preventDefault();
            fetcher.submit(new FormData(e.currentTarget), { method: "post", action: adminPaths.adminAnswers });
          }}
          className="flex flex-col gap-3"
        >
          <input type="hidden" name="intent" value="heard_intro" />
          <LanguageTabs
            error={() => undefined}
            translations={{ es: { text: intro.text_es }, en: { text: intro.text_en } }}
            texts={[{ name: "text", label: "Introducció (Markdown)", rows: 6, maxLength: MAX_HEARD_INTRO }]}
            catalan={
              <TextareaField label="Introducció (Markdown)" name="text" defaultValue={intro.text} rows={6} maxLength={MAX_HEARD_INTRO} />
            }
          />
          <FormAlert id={`${id}-error`} error={error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel·la
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Desant..." : "Desa la introducció"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "Publica totes les respostes": the preview says how many, then one click publishes them. */
function PublishAll({ count }: { count: number }) {
  const [open, setOpen] = useState(false);
  const fetcher = useAdminFetcher(() => setOpen(false));
  const busy = fetcher.state !== "idle";
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button disabled={count === 0}>
          <Send aria-hidden="true" /> Publica totes les respostes
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Publica totes les respostes</DialogTitle>
          <DialogDescription>
            Es publicaran {plural(count, "resposta", "respostes")}: els esborranys i els canvis de les respostes ja publicades, de les
            aportacions publicades. Es veuran a la web al costat de cada aportació.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Cancel·la
          </Button>
          <Button type="button" disabled={busy} onClick={() => fetcher.submit({ intent: "publish_all" }, { method: "post" })}>
            {busy ? "Publicant..." : `Publica ${plural(count, "resposta", "respostes")}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

type BulkProps = {
  states: Route.ComponentProps["loaderData"]["states"];
  templates: Route.ComponentProps["loaderData"]["templates"];
  picked: Item[];
  matching: number;
  unansweredMatching: number;
  onDone: () => void;
};

/** Bulk answering (decision 068): one state and one of its templates, saved as the draft answer of
 * the ticked rows or of every contribution the filters find. Those that already have an answer are
 * kept, unless staff tick "overwrite"; a confirmation says how many will be written. */
function BulkAnswer({ states, templates, picked, matching, unansweredMatching, onDone }: BulkProps) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const active = states.filter((s) => s.isActive && templates.some((t) => t.stateId === s.id));
  const [stateId, setStateId] = useState(active[0]?.id ?? "");
  const ofState = templates.filter((t) => t.stateId === stateId);
  const [templateId, setTemplateId] = useState(ofState[0]?.id ?? "");
  const [scope, setScope] = useState<"selected" | "filtered">(picked.length ? "selected" : "filtered");
  const [overwrite, setOverwrite] = useState(false);
  const location = useLocation();
  const id = useId();
  const fetcher = useAdminFetcher(() => {
    setOpen(false);
    onDone();
  });
  const busy = fetcher.state !== "idle";
  const count = scope === "selected" ? picked.filter((i) => overwrite || !i.answer).length : overwrite ? matching : unansweredMatching;
  const state = states.find((s) => s.id === stateId);
  const template = templates.find((t) => t.id === templateId);
  const reset = (on: boolean) => {
    setOpen(on);
    setConfirming(false);
    if (on) {
      setScope(picked.length ? "selected" : "filtered");
      setOverwrite(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <Layers aria-hidden="true" /> Resposta en bloc
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Resposta en bloc</DialogTitle>
          <DialogDescription>
            Desa el text d'una plantilla, amb el seu estat, com a esborrany de resposta de moltes aportacions d'un cop. Les aportacions
            amagades no es responen.
          </DialogDescription>
        </DialogHeader>
        {active.length === 0 ? (
          <p>
            Encara no hi ha cap plantilla d'un estat en ús.{" "}
            <Link to={adminPaths.adminAnswerTemplates} className="font-semibold underline">
              Crea'n una
            </Link>
            .
          </p>
        ) : confirming ? (
          <p role="status" className="font-semibold">
            {count === 0
              ? "No hi ha cap aportació a què aplicar-la."
              : `Es desarà la plantilla «${template?.title}» amb l'estat «${state?.label}» com a esborrany de ${plural(count, "aportació", "aportacions")}.`}{" "}
            {overwrite
              ? "Les respostes que ja tenen es substituiran (les publicades continuaran a la web tal com eren fins que es tornin a publicar)."
              : "Les aportacions que ja tenen resposta no es toquen."}
          </p>
        ) : (
          <div className="flex flex-col gap-3">
            <FormField label="Estat">
              <Select
                name="stateId"
                value={stateId}
                onChange={(e) => {
                  setStateId(e.currentTarget.value);
                  setTemplateId(templates.find((t) => t.stateId === e.currentTarget.value)?.id ?? "");
                }}
                options={active.map((s) => [s.id, s.label])}
              />
            </FormField>
            <FormField label="Plantilla">
              <Select
                name="templateId"
                value={templateId}
                onChange={(e) => setTemplateId(e.currentTarget.value)}
                options={ofState.map((t) => [t.id, t.title])}
              />
            </FormField>
            {template && <p className="max-h-32 overflow-auto rounded border bg-cream p-2 text-sm whitespace-pre-line">{template.text}</p>}
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 font-semibold">A quines aportacions</legend>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-scope`}
                  className="size-5 accent-brand"
                  checked={scope === "selected"}
                  disabled={picked.length === 0}
                  onChange={() => setScope("selected")}
                />
                Les marcades ({plural(picked.length, "aportació", "aportacions")})
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-scope`}
                  className="size-5 accent-brand"
                  checked={scope === "filtered"}
                  onChange={() => setScope("filtered")}
                />
                Totes les dels filtres ({plural(matching, "aportació", "aportacions")}, {formatNumber(unansweredMatching)} sense resposta)
              </label>
            </fieldset>
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                className="mt-0.5 size-5 accent-brand"
                checked={overwrite}
                onChange={(e) => setOverwrite(e.currentTarget.checked)}
              />
              <span>Substitueix també les respostes que ja tenen (si no, només es responen les que no en tenen)</span>
            </label>
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => (confirming ? setConfirming(false) : reset(false))}>
            {confirming ? "Torna" : "Cancel·la"}
          </Button>
          {active.length > 0 &&
            (confirming ? (
              <Button
                type="button"
                disabled={busy || count === 0}
                onClick={() =>
                  fetcher.submit(
                    {
                      intent: "bulk_answer",
                      stateId,
                      templateId,
                      scope,
                      items: scope === "selected" ? picked.map((i) => i.key).join(",") : "",
                      expected: String(count),
                      overwrite: overwrite ? "true" : "",
                    },
                    { method: "post", action: `${adminPaths.adminAnswers}${location.search}` },
                  )
                }
              >
                {busy ? "Desant..." : `Respon ${plural(count, "aportació", "aportacions")}`}
              </Button>
            ) : (
              <Button type="button" disabled={!templateId} onClick={() => setConfirming(true)}>
                Continua
              </Button>
            ))}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
