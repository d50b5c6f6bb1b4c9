import { Form, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/account";
import { PageTitle, Panel, TableHead, useResultToast } from "~/components/admin/admin-ui";
import { InputField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ROLE_LABELS } from "~/domain/roles";
import { formatDateTime } from "~/lib/dates";

export { loader, action } from "./account.server";

/** A short description of a browser from its User-Agent. */
function browserOf(ua: string | null) {
  if (!ua) return "Navegador desconegut";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "Navegador";
  const os = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "";
  return os ? `${browser} a ${os}` : browser;
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { email, role, totp, sessions } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [params] = useSearchParams();
  useResultToast(actionData);
  const errors = actionData && !actionData.ok ? actionData.fieldErrors : undefined;
  const codes = actionData && "recoveryCodes" in actionData ? (actionData.recoveryCodes as string[] | undefined) : undefined;
  const others = sessions.filter((s) => !s.current).length;

  return (
    <>
      <PageTitle title="El meu compte">
        <Badge variant="soft">{ROLE_LABELS[role]}</Badge>
      </PageTitle>
      <p className="mb-6 text-sm break-all">{email}</p>
      {params.get("cal-2fa") && !totp.enabled && (
        <p role="alert" className="mb-6 rounded-md bg-amber-100 p-3 text-sm font-semibold text-ink">
          Els administradors han fet obligatòria la verificació en dos passos: activa-la per continuar.
        </p>
      )}

      <Panel className="mb-6" title="Verificació en dos passos">
        {codes && (
          <div className="mb-4 rounded-md border border-brand bg-brand-soft p-4">
            <p className="font-bold">Codis de recuperació</p>
            <p className="mb-2 text-sm">
              Desa'ls en un lloc segur ara: no es tornaran a mostrar. Cada codi serveix una sola vegada per entrar si no tens el mòbil.
            </p>
            <ul aria-label="Codis de recuperació" className="grid grid-cols-2 gap-1 font-mono text-sm">
              {codes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </div>
        )}
        {totp.enabled ? (
          <>
            <p className="mb-3 text-sm">
              Activada. Et queden {totp.codesLeft} {totp.codesLeft === 1 ? "codi" : "codis"} de recuperació.
            </p>
            <div className="flex flex-wrap items-end gap-4">
              <Form method="post">
                <input type="hidden" name="intent" value="recovery-codes" />
                <Button type="submit" variant="outline" disabled={busy}>
                  Genera codis de recuperació nous
                </Button>
              </Form>
              {!totp.required && (
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="totp-remove" />
                  <InputField
                    name="code"
                    label="Codi actual per desactivar-la"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    required
                    error={errors?.code}
                  />
                  <Button type="submit" variant="outline" disabled={busy}>
                    Desactiva
                  </Button>
                </Form>
              )}
            </div>
          </>
        ) : totp.pending ? (
          <div className="flex flex-wrap gap-6">
            <img
              src={totp.pending.qrDataUrl}
              alt="Codi QR per configurar l'aplicació d'autenticació"
              width={200}
              height={200}
              className="rounded border"
            />
            <div className="flex max-w-md flex-col gap-3">
              <p className="text-sm">
                Escaneja el codi QR amb una aplicació d'autenticació (per exemple Google Authenticator, Microsoft Authenticator o FreeOTP).
                Si no pots, escriu-hi aquesta clau:
              </p>
              <p className="font-mono text-sm break-all" data-testid="totp-secret">
                {totp.pending.secret}
              </p>
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="totp-confirm" />
                <InputField
                  name="code"
                  label="Codi de 6 xifres"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  required
                  error={errors?.code}
                />
                <Button type="submit" disabled={busy}>
                  Confirma
                </Button>
              </Form>
            </div>
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm">
              Protegeix el compte amb un codi del mòbil, a més de la contrasenya{totp.required ? " (obligatori)" : ""}.
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="totp-start" />
              <Button type="submit" disabled={busy}>
                Activa la verificació en dos passos
              </Button>
            </Form>
          </>
        )}
      </Panel>

      <Panel className="mb-6" title="Canvia la contrasenya">
        <Form method="post" className="flex max-w-sm flex-col gap-4">
          <input type="hidden" name="intent" value="password" />
          <input type="hidden" name="email" value={email} autoComplete="username" />
          <InputField name="current" label="Contrasenya actual" type="password" autoComplete="current-password" required />
          <InputField
            name="password"
            label="Contrasenya nova"
            type="password"
            autoComplete="new-password"
            minLength={10}
            required
            error={errors?.password}
          />
          <InputField
            name="confirm"
            label="Repeteix la contrasenya nova"
            type="password"
            autoComplete="new-password"
            minLength={10}
            required
            error={errors?.confirm}
          />
          <Button type="submit" disabled={busy} className="self-start">
            Canvia la contrasenya
          </Button>
        </Form>
      </Panel>

      <Panel className="mb-6" title="Sessions obertes">
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Sessions obertes del teu compte</caption>
            <TableHead columns={["Navegador", "Inici", "Caduca", "Accions"]} />
            <tbody>
              {sessions.map((s) => (
                <tr key={s.id} className="border-b border-ink/5">
                  <td className="p-3">{browserOf(s.userAgent)}</td>
                  <td className="p-3">{formatDateTime(s.createdAt)}</td>
                  <td className="p-3">{formatDateTime(s.expiresAt)}</td>
                  <td className="p-3">
                    {s.current ? (
                      <Badge variant="soft">Aquesta sessió</Badge>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="end-session" />
                        <input type="hidden" name="id" value={s.id} />
                        <Button
                          type="submit"
                          size="sm"
                          variant="outline"
                          disabled={busy}
                          aria-label={`Tanca la sessió de ${browserOf(s.userAgent)} iniciada ${formatDateTime(s.createdAt)}`}
                        >
                          Tanca
                        </Button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {others > 0 && (
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="end-others" />
            <Button type="submit" variant="outline" disabled={busy}>
              Tanca totes les altres sessions
            </Button>
          </Form>
        )}
      </Panel>
    </>
  );
}
