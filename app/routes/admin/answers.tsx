import { ArrowDown, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/answers";
import { adminPaths } from "~/lib/admin-paths";
import { EmptyState, PageTitle, useAdminFetcher } from "~/components/admin/admin-ui";
import { AnswerForm } from "~/components/admin/answer-form";
import { ListControls, Pager, type ListFilter } from "~/components/admin/list-controls";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { labelled } from "~/components/ui/select";
import { contributionTypes } from "~/domain/contributions";
import { categories, categoryLabels, type Category } from "~/domain/themes";
import { ANSWER_STAGE_LABELS, answerStages } from "~/lib/answers";
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
  const { query, items, matching, left, page, pages, states, publishable, canPublish } = loaderData;
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
          {canPublish && (
            <>
              <Button asChild variant="outline">
                <Link to={adminPaths.adminAnswerStates}>Estats de resposta</Link>
              </Button>
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
