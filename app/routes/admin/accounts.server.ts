import type { Route } from "./+types/accounts";
import { adminRoles } from "~/domain/roles";
import { AccountError, changeRole, invite, inviteSchema, listAccounts, removeSecondFactor, setDisabled } from "~/models/accounts.server";
import { done, failed, fieldErrors, logActionError, readAdminForm } from "~/models/admin.server";
import { idSchema } from "~/lib/admin-schemas";
import { recordAudit } from "~/models/audit.server";
import { getSetting, putSetting } from "~/infra/settings.server";
import { REQUIRE_TOTP_KEY, requireAdmin } from "~/infra/session.server";

// The accounts screen (decision 032), administrators only (ADMIN_ACCESS).

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request, context);
  const [{ accounts, invitations }, required] = await Promise.all([
    listAccounts(context.db),
    getSetting<boolean>(context.db, REQUIRE_TOTP_KEY),
  ]);
  return { me: user.id, accounts, invitations, requireTotp: required === true };
}

export const INVITED = (email: string) => `Invitació enviada a ${email}`;

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, context);
  const { fields } = await readAdminForm(request, context, {});
  const client = { request, context };
  const actor = { id: user.id, email: user.email };
  const id = idSchema.safeParse(fields.id);
  try {
    switch (fields.intent) {
      case "invite": {
        const parsed = inviteSchema.safeParse({ email: fields.email?.trim(), role: fields.role });
        if (!parsed.success) return failed(parsed.error.issues[0]!.message, 400, fieldErrors(parsed.error));
        await invite(client, actor, parsed.data);
        return done(INVITED(parsed.data.email));
      }
      case "role": {
        const role = adminRoles.find((r) => r === fields.role);
        if (!id.success || !role) return failed("Petició no vàlida.");
        await changeRole(client, actor, id.data, role);
        return done("Rol canviat");
      }
      case "disable":
      case "enable": {
        if (!id.success) return failed("Petició no vàlida.");
        await setDisabled(client, actor, id.data, fields.intent === "disable");
        return done(fields.intent === "disable" ? "Compte desactivat: se n'han tancat les sessions" : "Compte reactivat");
      }
      case "totp-remove": {
        if (!id.success) return failed("Petició no vàlida.");
        await removeSecondFactor(client, actor, id.data);
        return done("S'ha tret la verificació en dos passos del compte");
      }
      case "require-totp": {
        const value = fields.value === "true";
        // Whoever makes it compulsory has it: otherwise the next page would send them to set it up.
        if (value && !user.totpEnabled) return failed("Activa primer la verificació en dos passos al teu compte.", 409);
        await context.db.transaction(async (tx) => {
          const before = (await getSetting<boolean>(tx, REQUIRE_TOTP_KEY)) === true;
          await putSetting(tx, REQUIRE_TOTP_KEY, value);
          await recordAudit(tx, client, actor, {
            entity: "settings",
            entityId: REQUIRE_TOTP_KEY,
            action: "update",
            before: { requireTotp: before },
            after: { requireTotp: value },
          });
        });
        return done(
          value
            ? "La verificació en dos passos és obligatòria per a tots els comptes"
            : "La verificació en dos passos ja no és obligatòria",
        );
      }
      default:
        return failed("Petició no vàlida.");
    }
  } catch (err) {
    if (err instanceof AccountError) return failed(err.message, err.status);
    logActionError(`accounts ${fields.intent}`, err);
    return failed(
      fields.intent === "invite" ? "No s'ha pogut enviar la invitació. Torna-ho a provar." : "No s'ha pogut desar el canvi.",
      500,
    );
  }
}
