import { Link, useActionData } from "react-router";
import type { Route } from "./+types/codebook";
import { EmptyState, PageTitle, Panel, useAdminFetcher } from "~/components/admin/admin-ui";
import { AnswerStateBadge } from "~/components/answer-state-badge";
import { InputField, TextareaField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { adminPaths } from "~/lib/admin-paths";
import { MIN_CONTRAST } from "~/lib/answers";
import { formatNumber } from "~/i18n/locales";

export { loader, action } from "./codebook.server";

type Group = Route.ComponentProps["loaderData"]["groups"][number];
type Code = Group["codes"][number];

const uses = (n: number) => (n === 1 ? "1 aportació" : `${formatNumber(n)} aportacions`);

/** The codebook (issue 32): groups and their codes. Plain forms: every change works without
 * JavaScript, and with it each answer is a toast. */
export default function Codebook({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData;
  const result = useActionData<{ ok: boolean; message?: string; error?: string }>();
  const allCodes = groups.flatMap((g) => g.codes);
  return (
    <>
      <PageTitle title="Llibre de codis">
        <Button asChild variant="outline">
          <Link to={adminPaths.adminCoding}>Codificació</Link>
        </Button>
      </PageTitle>
      <p className="-mt-4 mb-4 max-w-3xl text-sm text-ink/80">
        Els codis diuen de què tracta cada aportació (un encreuament perillós, un tram que falta, l'aparcament…). Són notes de treball: no
        surten mai a la web. Un codi que ja s'ha fet servir no s'elimina: es retira (es manté on ja era) o es fusiona amb un altre.
      </p>
      <ResultLine result={result} />
      <div className="flex flex-col gap-6">
        {groups.length === 0 && <EmptyState>Encara no hi ha cap grup de codis.</EmptyState>}
        {groups.map((g) => (
          <GroupPanel key={g.id} group={g} groups={groups} allCodes={allCodes} />
        ))}
        <Panel title="Grup nou" intro="Un grup aplega codis del mateix tipus: «Problema», «Qui»…">
          <GroupForm />
        </Panel>
      </div>
    </>
  );
}

/** Without JavaScript the page comes back with the action's answer: said here (with it, a toast says it). */
function ResultLine({ result }: { result: { ok: boolean; message?: string; error?: string } | undefined }) {
  if (!result) return null;
  return (
    <p role={result.ok ? "status" : "alert"} className={result.ok ? "mb-4 font-semibold" : "mb-4 font-semibold text-red-700"}>
      {result.ok ? result.message : result.error}
    </p>
  );
}

function GroupForm({ group }: { group?: Group }) {
  const fetcher = useAdminFetcher();
  const prefix = group ? `group-${group.id}` : "group-new";
  return (
    <fetcher.Form method="post" className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
      <input type="hidden" name="intent" value={group ? "update_group" : "create_group"} />
      {group && <input type="hidden" name="id" value={group.id} />}
      <InputField id={`${prefix}-name`} label="Nom del grup" name="name" defaultValue={group?.name ?? ""} maxLength={60} required />
      <InputField
        id={`${prefix}-position`}
        label="Posició"
        name="position"
        type="number"
        min={0}
        defaultValue={group?.position ?? 0}
        required
      />
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        {group ? "Desa el grup" : "Afegeix el grup"}
      </Button>
    </fetcher.Form>
  );
}

function GroupPanel({ group, groups, allCodes }: { group: Group; groups: Group[]; allCodes: Code[] }) {
  const remove = useAdminFetcher();
  return (
    <Panel title={group.name}>
      {group.codes.length === 0 ? (
        <p className="mb-3 text-sm">Aquest grup encara no té codis.</p>
      ) : (
        <ul className="mb-4 flex flex-col gap-3">
          {group.codes.map((c) => (
            <CodeRow key={c.id} code={c} groups={groups} allCodes={allCodes} />
          ))}
        </ul>
      )}
      <details className="rounded border p-3">
        <summary className="cursor-pointer font-semibold">Codi nou a «{group.name}»</summary>
        <CodeForm groups={groups} groupId={group.id} />
      </details>
      <details className="mt-3 rounded border p-3">
        <summary className="cursor-pointer font-semibold">Edita el grup «{group.name}»</summary>
        <div className="mt-3">
          <GroupForm group={group} />
        </div>
        {group.codes.length === 0 && (
          <remove.Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="delete_group" />
            <input type="hidden" name="id" value={group.id} />
            <Button type="submit" variant="destructive" size="sm">
              Elimina el grup
            </Button>
          </remove.Form>
        )}
      </details>
    </Panel>
  );
}

function CodeForm({ groups, groupId, code }: { groups: Group[]; groupId: string; code?: Code }) {
  const fetcher = useAdminFetcher();
  const p = code ? `code-${code.id}` : `code-new-${groupId}`;
  return (
    <fetcher.Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="intent" value={code ? "update" : "create"} />
      {code && <input type="hidden" name="id" value={code.id} />}
      <InputField id={`${p}-name`} label="Nom del codi" name="name" defaultValue={code?.name ?? ""} maxLength={60} required />
      <div className="flex flex-col gap-2">
        <label htmlFor={`${p}-group`} className="text-sm font-semibold">
          Grup
        </label>
        <select id={`${p}-group`} name="groupId" defaultValue={groupId} className="h-10 rounded-md border bg-white px-2">
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </div>
      <InputField
        id={`${p}-colour`}
        label="Color"
        name="colour"
        type="color"
        defaultValue={code?.colour ?? "#0d47a1"}
        className="h-10 p-1"
        hint={`Prou fosc perquè el text blanc s'hi llegeixi (contrast de ${MIN_CONTRAST}:1).`}
      />
      <InputField
        id={`${p}-position`}
        label="Posició (ordre)"
        name="position"
        type="number"
        min={0}
        defaultValue={code?.position ?? 0}
        required
      />
      <TextareaField
        id={`${p}-description`}
        label="Descripció (opcional)"
        name="description"
        defaultValue={code?.description ?? ""}
        maxLength={500}
        rows={2}
      />
      <TextareaField
        id={`${p}-keywords`}
        label="Paraules clau (una per línia)"
        name="keywords"
        defaultValue={code?.keywords ?? ""}
        rows={2}
        hint="Per suggerir aquest codi: no compten els accents, les majúscules ni les terminacions -s, -es, -a, -o."
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          {code ? "Desa el codi" : "Afegeix el codi"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function CodeRow({ code, groups, allCodes }: { code: Code; groups: Group[]; allCodes: Code[] }) {
  const toggle = useAdminFetcher();
  const remove = useAdminFetcher();
  const merge = useAdminFetcher();
  const others = allCodes.filter((c) => c.id !== code.id);
  return (
    <li className="rounded border p-3" aria-label={`Codi ${code.name}`}>
      <div className="flex flex-wrap items-center gap-2">
        <AnswerStateBadge label={code.name} colour={code.colour} />
        <Badge variant="outline">{uses(code.uses)}</Badge>
        <Badge variant="outline">Posició {code.position}</Badge>
        {!code.isActive && <Badge variant="secondary">Retirat</Badge>}
      </div>
      {code.description && <p className="mt-2 text-sm">{code.description}</p>}
      {code.keywords && <p className="mt-1 text-sm text-ink/80">Paraules clau: {code.keywords.split("\n").join(", ")}</p>}
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <toggle.Form method="post">
          <input type="hidden" name="intent" value={code.isActive ? "retire" : "reinstate"} />
          <input type="hidden" name="id" value={code.id} />
          <Button type="submit" size="sm" variant="outline">
            {code.isActive ? "Retira" : "Torna'l a fer servir"}
            <span className="sr-only"> «{code.name}»</span>
          </Button>
        </toggle.Form>
        {code.uses === 0 && (
          <remove.Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={code.id} />
            <Button type="submit" size="sm" variant="destructive">
              Elimina<span className="sr-only"> «{code.name}»</span>
            </Button>
          </remove.Form>
        )}
        {others.length > 0 && (
          <merge.Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="merge" />
            <input type="hidden" name="id" value={code.id} />
            <div className="flex flex-col gap-1">
              <label htmlFor={`merge-${code.id}`} className="text-sm font-semibold">
                Fusiona «{code.name}» amb
              </label>
              <select id={`merge-${code.id}`} name="into" className="h-9 rounded-md border bg-white px-2 text-sm">
                {others.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" size="sm" variant="outline">
              Fusiona
            </Button>
          </merge.Form>
        )}
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-semibold">Edita o canvia el nom de «{code.name}»</summary>
        <CodeForm groups={groups} groupId={code.groupId} code={code} />
      </details>
    </li>
  );
}
