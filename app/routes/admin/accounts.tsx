import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/accounts";
import { AdminTable, PageTitle, Panel, useAdminFetcher, useResultToast } from "~/components/admin/admin-ui";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { labelled, Select } from "~/components/ui/select";
import { adminRoles, ROLE_LABELS } from "~/domain/roles";
import { formatDateTime } from "~/lib/dates";

export { loader, action } from "./accounts.server";

const ROLE_OPTIONS = labelled(adminRoles, ROLE_LABELS);

/** A one-button form posted through a fetcher: its answer is a toast. */
function RowButton({ intent, id, label, children }: { intent: string; id: string; label: string; children: string }) {
  const fetcher = useAdminFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="sm" variant="outline" aria-label={label} disabled={fetcher.state !== "idle"}>
        {children}
      </Button>
    </fetcher.Form>
  );
}

function RoleForm({ id, email, role }: { id: string; email: string; role: string }) {
  const fetcher = useAdminFetcher();
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="id" value={id} />
      <Select name="role" defaultValue={role} aria-label={`Rol de ${email}`} className="w-40" options={ROLE_OPTIONS} />
      <Button type="submit" size="sm" variant="outline" aria-label={`Desa el rol de ${email}`} disabled={fetcher.state !== "idle"}>
        Desa
      </Button>
    </fetcher.Form>
  );
}

export default function Accounts({ loaderData, actionData }: Route.ComponentProps) {
  const { me, accounts, invitations, requireTotp } = loaderData;
  const navigation = useNavigation();
  useResultToast(actionData);
  const errors = actionData && !actionData.ok ? actionData.fieldErrors : undefined;
  const requireFetcher = useAdminFetcher();
  return (
    <>
      <PageTitle title="Comptes">
        <Badge variant="soft">{accounts.length} comptes</Badge>
      </PageTitle>

      <Panel title="Nova invitació" className="mb-6">
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="invite" />
          <div className="flex min-w-64 flex-1 flex-col gap-2">
            <Label htmlFor="invite-email">Correu electrònic</Label>
            <Input
              id="invite-email"
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="off"
              aria-invalid={errors?.email ? true : undefined}
              aria-describedby={errors?.email ? "invite-email-error" : undefined}
            />
            {errors?.email && (
              <p id="invite-email-error" className="text-sm font-semibold text-red-700">
                {errors.email}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="invite-role">Rol</Label>
            <Select id="invite-role" name="role" defaultValue="editor" className="w-44" options={ROLE_OPTIONS} />
          </div>
          <Button type="submit" disabled={navigation.state !== "idle"}>
            Convida una persona
          </Button>
        </Form>
        <p className="mt-3 text-sm text-ink/80">
          Editor: continguts (activitats, vídeos, recursos, fotos, fons, landings i footer). Moderador: aportacions i subscriptors.
          Administrador: tot, també els comptes i la configuració.
        </p>
      </Panel>

      <div className="mb-6">
        <AdminTable caption="Comptes del backoffice" columns={["Correu", "Rol", "Estat", "Dos passos", "Últim accés", "Accions"]}>
          {accounts.map((a) => (
            <tr key={a.id} className="border-b border-ink/5">
              <td className="p-3 break-all" data-label="Correu">
                {a.email}
                {a.id === me && <span className="block text-xs text-ink/70">(tu)</span>}
              </td>
              <td className="p-3" data-label="Rol">
                <RoleForm id={a.id} email={a.email} role={a.role} />
              </td>
              <td className="p-3" data-label="Estat">
                {a.disabledAt ? <Badge variant="outline">Desactivat</Badge> : <Badge variant="soft">Actiu</Badge>}
              </td>
              <td className="p-3" data-label="Dos passos">
                {a.totpEnabledAt ? "Sí" : "No"}
              </td>
              <td className="p-3 whitespace-nowrap" data-label="Últim accés">
                {a.lastSignInAt ? formatDateTime(a.lastSignInAt) : "Mai"}
              </td>
              <td className="p-3">
                <div className="flex flex-wrap gap-2">
                  {a.id !== me &&
                    (a.disabledAt ? (
                      <RowButton intent="enable" id={a.id} label={`Reactiva ${a.email}`}>
                        Reactiva
                      </RowButton>
                    ) : (
                      <RowButton intent="disable" id={a.id} label={`Desactiva ${a.email}`}>
                        Desactiva
                      </RowButton>
                    ))}
                  {a.totpEnabledAt && a.id !== me && (
                    <RowButton intent="totp-remove" id={a.id} label={`Treu els dos passos de ${a.email}`}>
                      Treu els dos passos
                    </RowButton>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      </div>

      {invitations.length > 0 && (
        <Panel title="Invitacions pendents" className="mb-6">
          <ul className="flex flex-col gap-1 text-sm">
            {invitations.map((i) => (
              <li key={i.id}>
                <span className="break-all">{i.email}</span> · {ROLE_LABELS[i.role]} · caduca {formatDateTime(i.expiresAt)}
              </li>
            ))}
          </ul>
        </Panel>
      )}

      <Panel title="Seguretat">
        <p className="mb-3 text-sm">
          {requireTotp
            ? "La verificació en dos passos és obligatòria: qui no la tingui haurà d'activar-la en entrar."
            : "La verificació en dos passos és opcional per a cada compte."}
        </p>
        <requireFetcher.Form method="post">
          <input type="hidden" name="intent" value="require-totp" />
          <input type="hidden" name="value" value={requireTotp ? "false" : "true"} />
          <Button type="submit" variant="outline" disabled={requireFetcher.state !== "idle"}>
            {requireTotp ? "Deixa-la opcional" : "Fes-la obligatòria per a tothom"}
          </Button>
        </requireFetcher.Form>
      </Panel>
    </>
  );
}
