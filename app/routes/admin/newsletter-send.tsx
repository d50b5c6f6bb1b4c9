import { Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/newsletter-send";
import { EmptyState, PageTitle, Panel, TableHead, useAdminFetcher } from "~/components/admin/admin-ui";
import { FormField } from "~/components/form-field";
import { Markdown } from "~/lib/markdown";
import { ConfirmDialog } from "~/components/admin/confirm-delete";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Progress } from "~/components/ui/progress";
import { Textarea } from "~/components/ui/textarea";
import { newsletterDraftSchema } from "~/lib/admin-schemas";
import { formatDateTime } from "~/lib/dates";
import { checkForm, hasErrors, type FieldErrors } from "~/lib/forms";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { LOCALE_NAMES, LOCALES, type Locale } from "~/i18n/locales";
import { translationField } from "~/lib/translations";

export { loader, action } from "./newsletter-send.server";

type Issue = Route.ComponentProps["loaderData"]["history"][number];

/** While a newsletter is sending, its progress is read again this often. */
const PROGRESS_POLL_MS = 2000;

const subscribers = (n: number) => `${n} ${n === 1 ? "subscriptor" : "subscriptors"}`;

export default function AdminNewsletterSend({ loaderData }: Route.ComponentProps) {
  const { confirmed, me, history, failures, seesSubscribers } = loaderData;
  const sending = history.filter((i) => i.status === "sending");
  const revalidator = useRevalidator();
  useEffect(() => {
    if (sending.length === 0) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, PROGRESS_POLL_MS);
    return () => clearInterval(timer);
  }, [sending.length, revalidator]);

  return (
    <>
      <PageTitle title="Enviar newsletter">
        <Badge variant="soft">{subscribers(confirmed)} confirmats</Badge>
      </PageTitle>
      {sending.map((issue) => (
        <SendProgress key={issue.id} issue={issue} />
      ))}
      <Compose confirmed={confirmed} me={me} busy={sending.length > 0} />
      <History history={history} failures={failures} seesSubscribers={seesSubscribers} />
    </>
  );
}

function SendProgress({ issue }: { issue: Issue }) {
  const done = issue.sent + issue.failed;
  const percent = issue.recipients ? Math.round((done / issue.recipients) * 100) : 100;
  return (
    <section aria-labelledby={`progress-${issue.id}`} className="mb-6 rounded-lg bg-white p-4 shadow-sm">
      <h2 id={`progress-${issue.id}`} className="mb-2 font-bold">
        S'està enviant «{issue.subject}»
      </h2>
      <Progress value={percent} aria-label={`Progrés de l'enviament: ${percent}%`} />
      <p role="status" className="mt-2 text-sm">
        Enviats: {issue.sent} · Fallits: {issue.failed} · Pendents: {issue.left}
        {issue.retrying > 0 && ` (${issue.retrying} per tornar a provar)`} · Total: {issue.recipients}
      </p>
    </section>
  );
}

/** The three languages of an issue (decision 062): Catalan required, Spanish and English optional;
 * each subscriber gets the issue in their language when it has one, in Catalan otherwise. */
type Draft = Record<Locale, { subject: string; body: string }>;
const EMPTY_DRAFT: Draft = { ca: { subject: "", body: "" }, es: { subject: "", body: "" }, en: { subject: "", body: "" } };

function Compose({ confirmed, me, busy }: { confirmed: number; me: string; busy: boolean }) {
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [checked, setChecked] = useState<FieldErrors>({});
  const lastIntent = useRef<"test" | "send">("test");
  const fetcher = useAdminFetcher((): void => {
    // A queued newsletter is gone from the editor; a test keeps it for more editing.
    if (lastIntent.current === "send") setDraft(EMPTY_DRAFT);
  });
  const pending = fetcher.state !== "idle";
  const errors = { ...checked, ...(fetcher.state === "idle" ? fetcher.data?.fieldErrors : undefined) };
  const field = (locale: Locale, name: "subject" | "body") => (locale === "ca" ? name : translationField(name, locale));

  const submit = (intent: "test" | "send") => {
    const form = new FormData();
    for (const locale of LOCALES) {
      form.set(field(locale, "subject"), draft[locale].subject);
      form.set(field(locale, "body"), draft[locale].body);
    }
    const local = checkForm(newsletterDraftSchema, form);
    setChecked(local);
    if (hasErrors(local)) return false;
    form.set("intent", intent);
    lastIntent.current = intent;
    void fetcher.submit(form, { method: "post" });
    return true;
  };

  const editor = (locale: Locale) => {
    const { subject, body } = draft[locale];
    const set = (name: "subject" | "body") => (e: { target: { value: string } }) =>
      setDraft((d) => ({ ...d, [locale]: { ...d[locale], [name]: e.target.value } }));
    const lang = locale === "ca" ? undefined : locale;
    const inLanguage = locale === "ca" ? "" : locale === "es" ? " en castellà" : " en anglès";
    return (
      <div className="flex flex-col gap-4">
        {lang && (
          <p className="text-sm text-ink/80">
            Opcional. Els subscriptors que es van apuntar en {LOCALE_NAMES[locale]} el reben en aquesta llengua si té assumpte i text; si
            no, el reben en català.
          </p>
        )}
        <FormField label={`Assumpte${inLanguage}`} error={errors[field(locale, "subject")]}>
          <Input value={subject} maxLength={200} lang={lang} onChange={set("subject")} />
        </FormField>
        <div className="grid gap-4 lg:grid-cols-2">
          <FormField
            label={`Text${inLanguage} (Markdown)`}
            error={errors[field(locale, "body")]}
            hint="**negreta**, *cursiva*, [enllaç](https://…), llistes amb «-». Cada missatge porta l'enllaç de baixa del subscriptor."
          >
            <Textarea rows={16} value={body} lang={lang} onChange={set("body")} className="font-mono" />
          </FormField>
          <div className="flex flex-col gap-2">
            <h3 id={`preview-title-${locale}`} className="text-sm font-semibold">
              Previsualització
            </h3>
            <section aria-labelledby={`preview-title-${locale}`} lang={lang} className="min-h-40 rounded-md border border-ink/15 p-3">
              <p className="mb-3 border-b border-ink/10 pb-2 font-bold">{subject || "(sense assumpte)"}</p>
              <Markdown>{body || "*Sense contingut*"}</Markdown>
            </section>
          </div>
        </div>
      </div>
    );
  };

  return (
    <Panel title="Redacta" className="mb-8">
      <div className="flex flex-col gap-4">
        <Tabs defaultValue="ca">
          <TabsList aria-label="Llengua de la newsletter">
            {LOCALES.map((locale) => (
              <TabsTrigger key={locale} value={locale}>
                {LOCALE_NAMES[locale]}
              </TabsTrigger>
            ))}
          </TabsList>
          {LOCALES.map((locale) => (
            <TabsContent key={locale} value={locale}>
              {editor(locale)}
            </TabsContent>
          ))}
        </Tabs>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" disabled={pending} onClick={() => submit("test")}>
            Envia'm una prova
          </Button>
          <ConfirmSend confirmed={confirmed} disabled={pending || busy || confirmed === 0} onConfirm={() => submit("send")} />
        </div>
        <p className="text-sm text-ink/75">
          La prova arriba a {me}.{" "}
          {busy ? "Ja s'està enviant una newsletter: espera que acabi." : confirmed === 0 && "Encara no hi ha cap subscriptor confirmat."}
        </p>
      </div>
    </Panel>
  );
}

function ConfirmSend({ confirmed, disabled, onConfirm }: { confirmed: number; disabled: boolean; onConfirm: () => boolean }) {
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" disabled={disabled}>
          <Send aria-hidden="true" /> Envia a {subscribers(confirmed)}
        </Button>
      }
      title="Enviar la newsletter"
      question={`S'enviarà a ${subscribers(confirmed)} confirmats. Un cop comenci l'enviament no es pot aturar. Vols continuar?`}
      verb="Envia"
      onConfirm={onConfirm}
    />
  );
}

function History({
  history,
  failures,
  seesSubscribers,
}: Pick<Route.ComponentProps["loaderData"], "history" | "failures" | "seesSubscribers">) {
  const retry = useAdminFetcher();
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title" className="mb-4 text-lg font-bold">
        Enviaments anteriors
      </h2>
      {history.length === 0 ? (
        <EmptyState>Encara no s'ha enviat cap newsletter.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Newsletters enviades</caption>
            <TableHead columns={["Data", "Assumpte", "Enviada per", "Estat", "Destinataris", "Enviats", "Fallits", "Pendents"]} />
            <tbody>
              {history.map((issue) => (
                <tr key={issue.id} className="border-b border-ink/5 align-top">
                  <td className="p-3 whitespace-nowrap">
                    <time dateTime={new Date(issue.createdAt).toISOString()}>{formatDateTime(issue.createdAt)}</time>
                  </td>
                  <td className="p-3">
                    {issue.subject}
                    {failures[issue.id] && (
                      <details className="mt-2">
                        <summary className="cursor-pointer font-semibold text-red-700">Errors ({issue.failed})</summary>
                        <ul className="mt-1 list-disc pl-5">
                          {failures[issue.id]!.map((f, i) => (
                            <li key={f.email ?? i} className="break-all">
                              {f.email ? `${f.email}: ` : ""}
                              {f.reason} ({f.attempts} intents)
                            </li>
                          ))}
                        </ul>
                        {!seesSubscribers && (
                          <p className="mt-1 text-ink/80">
                            Les adreces dels subscriptors només les veuen l'equip de moderació i els administradors.
                          </p>
                        )}
                        {issue.status === "sent" && (
                          <Button
                            size="sm"
                            variant="outline"
                            className="mt-2"
                            disabled={retry.state !== "idle"}
                            onClick={() => void retry.submit({ intent: "retry", id: issue.id }, { method: "post" })}
                          >
                            Torna a provar els fallits
                          </Button>
                        )}
                      </details>
                    )}
                  </td>
                  <td className="p-3 break-all">{issue.sentByEmail ?? "—"}</td>
                  <td className="p-3">
                    <Badge variant={issue.status === "sent" ? "success" : "soft"}>{issue.status === "sent" ? "Enviada" : "Enviant"}</Badge>
                  </td>
                  <td className="p-3">{issue.recipients}</td>
                  <td className="p-3">{issue.sent}</td>
                  <td className="p-3">{issue.failed}</td>
                  <td className="p-3">{issue.left}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
