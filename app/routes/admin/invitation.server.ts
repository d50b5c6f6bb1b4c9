import { data, redirect } from "react-router";
import type { Route } from "./+types/invitation";
import { AccountError, acceptInvitation, findInvitation, passwordSchema } from "~/models/accounts.server";
import { completeSignIn } from "~/models/admin-login.server";
import { setFlash } from "~/infra/flash.server";
import { FormError, readForm } from "~/infra/forms.server";
import { HashingBusyError } from "~/infra/password.server";
import { paths } from "~/lib/routes";

// Accepting an invitation (decision 032): the link's token names a pending invitation; the
// password chosen here creates the account, signs it in once, and spends the link.

export const INVALID_LINK = "Aquest enllaç d'invitació no és vàlid, ja s'ha fet servir o ha caducat.";

export async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await findInvitation(context.db, params.token);
  if (!invitation) return data({ valid: false as const, email: null }, { status: 410 });
  return { valid: true as const, email: invitation.email };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  let fields: Record<string, string>;
  try {
    ({ fields } = await readForm(request, context.storage, { maxBytes: 8192 }));
  } catch (err) {
    if (err instanceof FormError) return data({ error: err.message }, { status: err.code === "too_large" ? 413 : 400 });
    throw err;
  }
  const password = passwordSchema.safeParse(fields.password ?? "");
  if (!password.success) return data({ error: password.error.issues[0]!.message }, { status: 400 });
  if (fields.password !== fields.confirm) return data({ error: "Les dues contrasenyes no coincideixen." }, { status: 400 });
  let user;
  try {
    user = await acceptInvitation({ request, context }, params.token, password.data);
  } catch (err) {
    if (err instanceof AccountError) return data({ error: err.message }, { status: err.status });
    if (err instanceof HashingBusyError)
      return data({ error: "El servidor està ocupat: torna-ho a provar d'aquí a un moment." }, { status: 429 });
    throw err;
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await completeSignIn(context, user, request, "invitation"));
  headers.append("Set-Cookie", await setFlash(context, "welcome"));
  return redirect(paths.adminAccount, { headers });
}
